/*
** pt2e_spec.h
** The quantization spec of one edge or value, as C data: PT2E's
** QuantizationSpec (with its observer or fake-quant constructor), plus the
** shared, derived and fixed variants.
**
** In MLIR it is written as a dictionary attribute; docs/annotations.md is the
** schema. pt2eSpecParse (pt2e_spec.c) reads it, pt2eSpecToAttr writes the
** canonical form that pt2e.observer / pt2e.fake_quant carry as 'spec'.
*/
#ifndef PT2E_SPEC_H
#define PT2E_SPEC_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include "quant_spec.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
** {======================================================================
** Specs as MLIR attributes (pt2e_spec.c; the schema is docs/annotations.md)
** =======================================================================
*/

/* The attribute names (the annotation, 'pt2e.id', 'instance') are
** pt2e_dialect.h's; pt2e_annotation.h reads and writes annotations. */

/* The four kinds of QuantizationSpecBase in torchao. */
typedef enum Pt2eSpecKind {
  Pt2eSpecQuant,   /* QuantizationSpec: observe and quantize */
  Pt2eSpecShared,  /* SharedQuantizationSpec: use another edge's observer */
  Pt2eSpecDerived, /* DerivedQuantizationSpec: qparams from other observers */
  Pt2eSpecFixed    /* FixedQParamsQuantizationSpec: fixed scale / zero point */
} Pt2eSpecKind;

/* What a shared or derived spec points at. */
typedef enum Pt2eRefKind {
  Pt2eRefOperand,  /* an input edge: operand 'index' of an annotated op */
  Pt2eRefResult,   /* a value: result 'index' (always 0) of an annotated op */
  Pt2eRefObserver  /* a pt2e.observer / fake_quant by 'name' (canonical form) */
} Pt2eRefKind;

typedef struct Pt2eSpecRef {
  Pt2eRefKind kind;
  MlirStringRef op;   /* 'pt2e.id' of the op; length 0: the annotated op */
  int64_t index;      /* operand or result number */
  MlirStringRef name; /* Pt2eRefObserver only */
} Pt2eSpecRef;        /* strings are borrowed from context-owned attributes */

/* How a derived spec computes its qparams. */
typedef enum Pt2eDerive {
  Pt2eDeriveMulScales /* scale = product of the sources' scales, zp = 0 */
} Pt2eDerive;

#define PT2E_SPEC_MAX_SOURCES 4

/*
** Any spec. 'quant' is complete for Pt2eSpecQuant; derived and fixed specs
** use its dtype, quantMin, quantMax, qscheme, chAxis and isDynamic only.
*/
typedef struct Pt2eSpec {
  Pt2eSpecKind kind;
  Pt2eQuantSpec quant;
  Pt2eSpecRef shared;                           /* Pt2eSpecShared */
  Pt2eDerive derive;                            /* Pt2eSpecDerived */
  size_t numSources;                            /* Pt2eSpecDerived */
  Pt2eSpecRef sources[PT2E_SPEC_MAX_SOURCES];   /* Pt2eSpecDerived */
  float fixedScale;                             /* Pt2eSpecFixed */
  int64_t fixedZeroPoint;                       /* Pt2eSpecFixed */
} Pt2eSpec;

/*
** Reads the dictionary 'attr' (an annotation's input or output entry, or the
** 'spec' of a pt2e.observer / fake_quant) into 'out', filling defaults.
** Checks everything that does not depend on the annotated value (dtype
** range, known keys, observer kind and parameters). On failure emits one
** error at 'loc' that starts with "'where': " and returns failure.
*/
MlirLogicalResult pt2eSpecParse(MlirAttribute attr, MlirLocation loc,
                                const char *where, Pt2eSpec *out);

/*
** The canonical dictionary of 'spec': every default written out, only the
** keys that mean something for its kind. pt2eSpecParse reads it back to an
** equal spec. The attribute belongs to 'ctx'.
*/
MlirAttribute pt2eSpecToAttr(MlirContext ctx, const Pt2eSpec *spec);

/*
** The names of dtypes, qschemes and observer kinds, and
** pt2eQSchemeIsPerChannel, are quant_spec.h's: pt2eDTypeName,
** pt2eQSchemeName, pt2eObserverKindName.
*/

/* }====================================================================== */

#ifdef __cplusplus
}
#endif

#endif /* PT2E_SPEC_H */
