/*
** pairing.h
** qparams-check's JSON mode: pairs each golden row (torchao's observers,
** named in torch's graph order) with our row that observed the same
** values, whatever either is called, and compares their qparams.
**
** Two pairable rows can pair when they have as many channels and every
** channel's min and max agree: |a - b| <= pairTol · max(range, FLT_MIN),
** range = max - min of the golden channel. A golden row takes the closest
** such row of ours (the smallest largest difference); on a tie, one whose
** qparams match, then one not taken yet, then the first. Several golden
** rows may take the same row of ours (torch observes an eval dropout on
** its producer's values), and every other row of ours within the
** tolerance pairs too and is compared as well (the other names of one
** shared observer instance).
*/
#ifndef PT2E_QC_PAIRING_H
#define PT2E_QC_PAIRING_H

#include <stdbool.h>

#include "qparams_check/json_rows.h"

typedef struct QcPairOptions {
  double rtol;      /* scales: |s - g| <= rtol·|g| (0: bit for bit) */
  double pairTol;   /* min/max: see above */
  bool requireAll;  /* an unpaired row (either side) is a failure */
} QcPairOptions;

/*
** Pairs and compares; prints one line per golden row, our unpaired rows,
** the rows that cannot pair, and a summary on stdout. Returns the exit
** status: 0 all paired rows match, 1 a mismatch (or nothing paired, or
** an unpaired row under requireAll), 2 when the golden report has no
** pairable row (with a message on stderr).
*/
int qcPairAndCompare(const QcReport *golden, const QcReport *ours, const QcPairOptions *o);

#endif /* PT2E_QC_PAIRING_H */
