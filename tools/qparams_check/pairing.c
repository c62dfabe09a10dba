/*
** pairing.c
** Pairs golden rows with ours by what they observed (pairing.h), then
** compares the pairs' qparams through qparams_diff.h. Output lines:
**
**   GOLDEN OURS QSCHEME scale golden=BITS ours=BITS rel=R ulps=U
**       zero_point golden=Z ours=Z ok|MISMATCH            (one channel)
**   GOLDEN OURS QSCHEME[C] scale[c] golden=BITS ours=BITS max_rel=R
**       max_ulps=U zero_point max_diff=D ok|MISMATCH      (C channels; c
**       the channel of the largest relative difference)
**   (either may end in " also=A,B(MISMATCH)...": our other rows within
**   the pairing tolerance, the other names of a shared instance, compared
**   too)
**   GOLDEN unpaired QSCHEME[C] [nearest=OURS dist=D]
**   unpaired OURS QSCHEME[C]
**
** each on one line ("OUT-OF-TOLERANCE" after a scale beyond rtol,
** "DIFFERENT" after differing zero points).
*/
#include "qparams_check/pairing.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pt2e_alloc.h"
#include "qparams_check/qparams_diff.h"

/*
** The largest difference of a channel's min or max between golden 'g' and
** ours 'o', in units of the golden channel's range (FLT_MIN at least, so
** that a constant channel pairs only with the same value); infinity when
** either cannot pair or the channel counts differ.
*/
static double statsDistance(const QcRow *g, const QcRow *o) {
  if (!g->pairable || !o->pairable || g->channels != o->channels)
    return INFINITY;
  double worst = 0.0;
  for (int c = 0; c < g->channels; ++c) {
    double range = fmax(g->maxs[c] - g->mins[c], FLT_MIN);
    worst = fmax(worst, fabs(g->mins[c] - o->mins[c]) / range);
    worst = fmax(worst, fabs(g->maxs[c] - o->maxs[c]) / range);
  }
  return worst;
}

static bool qparamsMatch(const QcRow *g, const QcRow *o, double rtol) {
  for (int c = 0; c < g->channels; ++c)
    if (!qcScaleWithin(g->scales[c], o->scales[c], rtol) || g->zeroPoints[c] != o->zeroPoints[c])
      return false;
  return true;
}

/* The index of our row golden row 'g' pairs with, -1 for none; 'taken'
** marks our rows paired so far; '*nearest' our closest row of the same
** channel count, paired or not (-1: none). */
static int choosePartner(const QcRow *g, const QcReport *ours, const bool *taken,
                         const QcPairOptions *o, int *nearest) {
  int best = -1, closest = -1;
  double bestDist = INFINITY, closestDist = INFINITY;
  bool bestMatch = false;
  for (int i = 0; i < ours->numRows; ++i) {
    const QcRow *r = &ours->rows[i];
    double d = statsDistance(g, r);
    if (d < closestDist) {
      closest = i;
      closestDist = d;
    }
    if (!(d <= o->pairTol))
      continue;
    bool match = qparamsMatch(g, r, o->rtol);
    bool better = best < 0 || d < bestDist ||
                  (d == bestDist && (match != bestMatch ? match : (!taken[i] && taken[best])));
    if (better) {
      best = i;
      bestDist = d;
      bestMatch = match;
    }
  }
  *nearest = closest;
  return best;
}

static void printQScheme(const QcRow *r) {
  if (r->qscheme)
    printf(" %.*s", r->qschemeLen, r->qscheme);
  else
    printf(" none");
  if (r->channels != 1)
    printf("[%d]", r->channels);
}

/* Prints the comparison of a pair after the two names; true when it matches. */
static bool comparePair(const QcRow *g, const QcRow *r, double rtol) {
  int worst = 0;
  double worstRel = -1.0;
  long long maxUlps = 0, maxZpDiff = 0;
  bool scalesOk = true;
  for (int c = 0; c < g->channels; ++c) {
    double rel = qcRelDiff(g->scales[c], r->scales[c]);
    if (rel > worstRel || (isnan(rel) && !isnan(worstRel))) {
      worst = c;
      worstRel = rel;
    }
    long long ulps = qcUlpDistance(g->scales[c], r->scales[c]);
    maxUlps = ulps > maxUlps ? ulps : maxUlps;
    long long zpDiff = llabs(g->zeroPoints[c] - r->zeroPoints[c]);
    maxZpDiff = zpDiff > maxZpDiff ? zpDiff : maxZpDiff;
    scalesOk = scalesOk && qcScaleWithin(g->scales[c], r->scales[c], rtol);
  }
  printQScheme(g);
  if (r->qschemeLen != g->qschemeLen || (r->qscheme && g->qscheme &&
      memcmp(r->qscheme, g->qscheme, (size_t)g->qschemeLen)))
    printf(" (ours %.*s)", r->qscheme ? r->qschemeLen : 4, r->qscheme ? r->qscheme : "none");
  if (g->channels == 1)
    printf(" scale golden=%08x ours=%08x rel=%.3e ulps=%lld%s zero_point golden=%lld ours=%lld%s",
           g->scales[0], r->scales[0], worstRel, maxUlps, scalesOk ? "" : " OUT-OF-TOLERANCE",
           g->zeroPoints[0], r->zeroPoints[0], maxZpDiff ? " DIFFERENT" : "");
  else
    printf(" scale[%d] golden=%08x ours=%08x max_rel=%.3e max_ulps=%lld%s zero_point max_diff=%lld%s",
           worst, g->scales[worst], r->scales[worst], worstRel, maxUlps,
           scalesOk ? "" : " OUT-OF-TOLERANCE", maxZpDiff, maxZpDiff ? " DIFFERENT" : "");
  return scalesOk && maxZpDiff == 0;
}

/* Our other rows that observed what golden 'g' observed (a shared
** instance's other names): marks them taken, prints " also=A,B(MISMATCH)";
** true when their qparams all match. */
static bool compareOthers(const QcRow *g, const QcReport *ours, int partner, bool *taken,
                          const QcPairOptions *o) {
  bool ok = true, first = true;
  for (int i = 0; i < ours->numRows; ++i) {
    const QcRow *r = &ours->rows[i];
    if (i == partner || !(statsDistance(g, r) <= o->pairTol))
      continue;
    taken[i] = true;
    bool match = qparamsMatch(g, r, o->rtol);
    printf("%s%.*s%s", first ? " also=" : ",", r->nameLen, r->name, match ? "" : "(MISMATCH)");
    first = false;
    ok = ok && match;
  }
  return ok;
}

int qcPairAndCompare(const QcReport *golden, const QcReport *ours, const QcPairOptions *o) {
  if (golden->numPairable == 0) {
    fprintf(stderr, "qparams-check: '%s' has no row with min/max statistics and qparams\n",
            golden->path);
    return 2;
  }
  bool *taken = pt2eAlloc((size_t)(ours->numRows ? ours->numRows : 1) * sizeof *taken);
  if (!taken) {
    fprintf(stderr, "qparams-check: out of memory\n");
    return 2;
  }
  int paired = 0, mismatches = 0, goldenUnpaired = 0;
  for (int i = 0; i < golden->numRows; ++i) {
    const QcRow *g = &golden->rows[i];
    if (!g->pairable)
      continue;
    int nearest;
    int partner = choosePartner(g, ours, taken, o, &nearest);
    printf("%.*s", g->nameLen, g->name);
    if (partner < 0) {
      ++goldenUnpaired;
      printf(" unpaired");
      printQScheme(g);
      if (nearest >= 0)
        printf(" nearest=%.*s dist=%.3e", ours->rows[nearest].nameLen,
               ours->rows[nearest].name, statsDistance(g, &ours->rows[nearest]));
      printf("\n");
      continue;
    }
    const QcRow *r = &ours->rows[partner];
    taken[partner] = true;
    ++paired;
    printf(" %.*s", r->nameLen, r->name);
    bool ok = comparePair(g, r, o->rtol);
    ok = compareOthers(g, ours, partner, taken, o) && ok;
    printf(" %s\n", ok ? "ok" : "MISMATCH");
    mismatches += !ok;
  }
  int oursUnpaired = 0;
  for (int i = 0; i < ours->numRows; ++i) {
    const QcRow *r = &ours->rows[i];
    if (!r->pairable || taken[i])
      continue;
    ++oursUnpaired;
    printf("unpaired %.*s", r->nameLen, r->name);
    printQScheme(r);
    printf("\n");
  }
  pt2eFree(taken);
  int goldenSkipped = golden->numRows - golden->numPairable;
  int oursSkipped = ours->numRows - ours->numPairable;
  if (goldenSkipped || oursSkipped)
    printf("without min/max or qparams, not paired: %d torchao rows, %d ours\n", goldenSkipped,
           oursSkipped);
  printf("%d of %d torchao observers paired (%d ours unpaired); ", paired, golden->numPairable,
         oursUnpaired);
  if (mismatches)
    printf("mismatches: %d (rtol %g)\n", mismatches, o->rtol);
  else
    printf("all within rtol %g\n", o->rtol);
  bool unpairedFail = o->requireAll && (goldenUnpaired || oursUnpaired);
  if (unpairedFail)
    printf("--require-all: %d torchao and %d ours unpaired\n", goldenUnpaired, oursUnpaired);
  if (paired == 0)
    printf("nothing paired: nothing was compared\n");
  return mismatches || unpairedFail || paired == 0 ? 1 : 0;
}
