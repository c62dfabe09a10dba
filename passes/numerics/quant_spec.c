/*
** quant_spec.c
** Default quant ranges of the integer dtypes of quant_spec.h.
**
** The table is torchao's calculate_qmin_qmax without a custom range and
** without the deprecated reduce_range (torchao-numerics.md, section 1.1).
*/
#include "quant_spec.h"

void pt2eDTypeRange(Pt2eDType dtype, int64_t *qmin, int64_t *qmax) {
  switch (dtype) {
  case Pt2eDTypeInt8:   *qmin = -128;        *qmax = 127;        return;
  case Pt2eDTypeUInt8:  *qmin = 0;           *qmax = 255;        return;
  case Pt2eDTypeInt16:  *qmin = -32768;      *qmax = 32767;      return;
  case Pt2eDTypeUInt16: *qmin = 0;           *qmax = 65535;      return;
  case Pt2eDTypeInt32:  *qmin = INT32_MIN;   *qmax = INT32_MAX;  return;
  }
  *qmin = 0;  /* torch's fallback for any other dtype */
  *qmax = 15;
}
