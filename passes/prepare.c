/*
** prepare.c
** pt2e-prepare: quantizer annotations become pt2e.observer ops (or, with
** qat=true, pt2e.fake_quant ops), placed as torchao's prepare_pt2e places
** them (torchao/quantization/pt2e/prepare.py; rules in docs/prepare-rules.md).
**
**   %y = linalg.generic ... {pt2e.annotation = {inputs = [A], output = A}}
**     becomes
**   %o0 = "pt2e.observer"(%x) {name = "activation_post_process_0", spec = A'}
**   %y = linalg.generic ins(%o0 ...) {pt2e.annotation = ...}
**   %o1 = "pt2e.observer"(%y) {name = "activation_post_process_1", spec = A'}
**   ... every former user of %y now uses %o1
** where A' is the canonical spec (every default written out).
**
** The pass works in the four steps of torchao's prepare():
**   1. collect: every annotated op in walk (graph) order gives one entry per
**      annotated input edge (value, op) and one per annotated result, in
**      the order of PT2E's edge_or_node_to_qspec dictionary;
**   2. group: a union-find over the entries applies shared specs and the
**      implicit sharing of one tensor's edges and value
**      (_get_edge_or_node_to_group_id); each group is one observer instance
**      whose spec is that of the group's first entry;
**   3. plan: walking the annotated ops again, decide every insertion and its
**      name activation_post_process_N, N counting insertions, exactly as
**      _maybe_insert_input_and_output_observers_for_node does;
**   4. rewrite.
** Steps 1-3 check everything and touch nothing; a bad annotation fails the
** pass with the IR as it was. Annotations stay on their ops, as PT2E keeps
** node.meta["quantization_annotation"]. A module that already holds pt2e
** observers is not prepared twice: if every annotation is already served the
** pass does nothing, otherwise it says which one is not.
*/
#include "pt2e_passes.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include "pt2e_annotation.h"
#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"

enum { OptQat, NumOptions };

static const Pt2eOptionDecl prepareOptions[NumOptions] = {
    [OptQat] = {"qat", Pt2eOptionBool,
                "insert pt2e.fake_quant ops (prepare_qat_pt2e) instead of "
                "pt2e.observer ops",
                "false", false},
};

#define NONE ((size_t)-1)

/* An op that carries 'pt2e.annotation' (a node of PT2E's graph). */
typedef struct Annotated {
  MlirOperation op;
  bool implicitSharing;      /* allow_implicit_sharing */
  size_t firstEntry, endEntry; /* its entries: [firstEntry, endEntry) */
} Annotated;

/* An op that carries 'pt2e.id'. */
typedef struct Tagged {
  MlirStringRef id;
  MlirOperation op;
} Tagged;

/* A key of PT2E's edge_or_node_to_qspec: an input edge or an output value. */
typedef struct Entry {
  size_t owner;       /* index of the annotated op */
  int64_t operand;    /* first operand of the edge; -1: the op's result */
  MlirValue value;    /* the tensor on the edge, or the result */
  MlirAttribute raw;  /* the spec as written */
  Pt2eSpec spec;
  size_t target;      /* shared: the entry pointed at */
  size_t sources[PT2E_SPEC_MAX_SOURCES]; /* derived: entries observed */
  size_t parent;      /* union-find */
  size_t specEntry;   /* if a group root: entry whose spec the group uses */
  size_t firstInsert; /* if a group root: its first insertion */
  size_t insertion;   /* output entries: the output observer */
} Entry;

/* One pt2e.observer / pt2e.fake_quant to create. */
typedef struct Insertion {
  size_t group;       /* root entry */
  size_t anchor;      /* annotated op whose location it takes */
  MlirValue value;    /* what it observes, unless 'from' is set */
  size_t from;        /* observes the result of this earlier insertion */
  bool isOutput;      /* users of 'value' move to it */
  MlirAttribute name, spec;
  MlirOperation created;
} Insertion;

/* Operand 'operand' of 'op' is to read the result of an insertion. */
typedef struct Rewire {
  MlirOperation op;
  intptr_t operand;
  size_t insertion;
} Rewire;

typedef struct PrepareState {
  MlirContext ctx;
  bool qat;
  bool failed;
  PT2E_VEC(Annotated) annotated;
  PT2E_VEC(Tagged) tagged;
  PT2E_VEC(MlirOperation) existing; /* pt2e ops already in the module */
  PT2E_VEC(Entry) entries;
  PT2E_VEC(Insertion) inserts;
  PT2E_VEC(Rewire) rewires;
} PrepareState;

/* Reports running out of memory at 'loc' and fails the pass; false. */
static bool outOfMemory(PrepareState *st, MlirLocation loc) {
  pt2eOutOfMemory(loc, "'pt2e-prepare'");
  st->failed = true;
  return false;
}

/* PT2E_PUSH, reporting at 'loc' when memory runs out. */
#define PUSH(st, v, item, loc) (PT2E_PUSH(v, item) || outOfMemory((st), (loc)))

static MlirLocation opLoc(MlirOperation op) {
  return mlirOperationGetLocation(op);
}

/* Prints 'type' into 'buf' of 'size' bytes, cut short if long. */
static const char *typeText(MlirType type, char *buf, size_t size) {
  Pt2eTextBuf text = pt2eTextBufOver(buf, size);
  mlirTypePrint(type, pt2eTextBufAppend, &text);
  return buf;
}

/* "input 2" or "output": the part of the annotation an entry comes from. */
static const char *entryWhere(const Entry *e, char *buf, size_t size) {
  if (e->operand < 0)
    snprintf(buf, size, "'%s' output", PT2E_ATTR_ANNOTATION);
  else
    snprintf(buf, size, "'%s' input %lld", PT2E_ATTR_ANNOTATION,
             (long long)e->operand);
  return buf;
}

static MlirOperation entryOp(const PrepareState *st, const Entry *e) {
  return st->annotated.at[e->owner].op;
}

/*
** {======================================================================
** Step 1: collect annotated ops and their entries
** =======================================================================
*/

static MlirWalkResult collectOp(MlirOperation op, void *userData) {
  PrepareState *st = userData;
  MlirLocation loc = opLoc(op);
  if (pt2eIsQuantOp(op)) {
    if (mlirLogicalResultIsFailure(pt2eVerifyQuantOp(op)) ||
        !PUSH(st, st->existing, op, loc)) {
      st->failed = true;
      return MlirWalkResultInterrupt;
    }
  }
  MlirAttribute id = pt2eOpGetId(op);
  if (!mlirAttributeIsNull(id)) {
    if (!mlirAttributeIsAString(id) || mlirStringAttrGetValue(id).length == 0) {
      pt2eEmitError(loc, "'%s' must be a non-empty string", PT2E_ATTR_ID);
      st->failed = true;
      return MlirWalkResultInterrupt;
    }
    MlirStringRef s = mlirStringAttrGetValue(id);
    for (size_t i = 0; i < st->tagged.size; i++)
      if (mlirStringRefEqual(st->tagged.at[i].id, s)) {
        pt2eEmitError(loc, "'%s' \"%.*s\" is used by two ops", PT2E_ATTR_ID,
                      (int)s.length, s.data);
        st->failed = true;
        return MlirWalkResultInterrupt;
      }
    Tagged t = {s, op};
    if (!PUSH(st, st->tagged, t, loc))
      return MlirWalkResultInterrupt;
  }
  if (!mlirAttributeIsNull(pt2eAnnotationGet(op))) {
    Annotated a = {op, true, 0, 0};
    if (!PUSH(st, st->annotated, a, loc))
      return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Fails unless 'v' is a ranked tensor of floats (what an observer takes). */
static MlirLogicalResult checkValue(MlirOperation op, const char *where,
                                    const char *what, MlirValue v,
                                    const Pt2eSpec *spec) {
  char buf[96];
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) ||
      !mlirTypeIsAFloat(mlirShapedTypeGetElementType(t)))
    return pt2eEmitError(opLoc(op),
                         "%s: %s is not a ranked tensor of floats but '%s'",
                         where, what, typeText(t, buf, sizeof buf));
  if ((spec->kind == Pt2eSpecQuant || spec->kind == Pt2eSpecDerived) &&
      pt2eQSchemeHasAxis(spec->quant.qscheme) &&
      spec->quant.chAxis >= mlirShapedTypeGetRank(t))
    return pt2eEmitError(opLoc(op),
                         "%s: 'ch_axis' %lld is out of range for %s of rank "
                         "%lld",
                         where, (long long)spec->quant.chAxis, what,
                         (long long)mlirShapedTypeGetRank(t));
  /* a group that does not divide a static axis can never be quantized */
  if (spec->kind == Pt2eSpecQuant && pt2eQSchemeIsPerGroup(spec->quant.qscheme) &&
      spec->quant.groupSize > 0 &&
      !mlirShapedTypeIsDynamicDim(t, (intptr_t)spec->quant.chAxis) &&
      mlirShapedTypeGetDimSize(t, (intptr_t)spec->quant.chAxis) % spec->quant.groupSize != 0)
    return pt2eEmitError(opLoc(op),
                         "%s: 'group_size' %lld does not divide dimension %lld "
                         "of size %lld of %s",
                         where, (long long)spec->quant.groupSize,
                         (long long)spec->quant.chAxis,
                         (long long)mlirShapedTypeGetDimSize(t, (intptr_t)spec->quant.chAxis),
                         what);
  return mlirLogicalResultSuccess();
}

static bool addEntry(PrepareState *st, size_t owner, int64_t operand,
                     MlirValue value, MlirAttribute raw, const Pt2eSpec *spec) {
  Entry e;
  memset(&e, 0, sizeof e);
  e.owner = owner;
  e.operand = operand;
  e.value = value;
  e.raw = raw;
  e.spec = *spec;
  e.target = NONE;
  e.insertion = NONE;
  e.firstInsert = NONE;
  e.specEntry = NONE;
  e.parent = st->entries.size;
  return PUSH(st, st->entries, e, opLoc(st->annotated.at[owner].op));
}

/*
** The input edges of annotated op 'i': one entry per operand with a spec.
** PT2E keys edges by (producer, consumer): one value used twice is one
** edge, so both operands must say the same.
*/
static MlirLogicalResult collectInputs(PrepareState *st, size_t i,
                                       const Pt2eAnnotation *ann) {
  Annotated *a = &st->annotated.at[i];
  MlirOperation op = a->op;
  MlirLocation loc = opLoc(op);
  char where[64], what[64];
  Pt2eSpec spec;
  for (intptr_t k = 0; k < ann->numInputs; k++) {
    MlirAttribute raw = pt2eAnnotationInput(ann, k);
    if (mlirAttributeIsAUnit(raw))
      continue; /* not quantized */
    MlirValue v = mlirOperationGetOperand(op, k);
    snprintf(where, sizeof where, "'%s' input %ld", PT2E_ATTR_ANNOTATION,
             (long)k);
    snprintf(what, sizeof what, "operand %ld", (long)k);
    if (mlirLogicalResultIsFailure(pt2eSpecParse(raw, loc, where, &spec)) ||
        mlirLogicalResultIsFailure(checkValue(op, where, what, v, &spec)))
      return mlirLogicalResultFailure();
    bool seen = false;
    for (size_t e = a->firstEntry; e < st->entries.size; e++) {
      Entry *prev = &st->entries.at[e];
      if (!mlirValueEqual(prev->value, v))
        continue;
      if (!mlirAttributeEqual(prev->raw, raw))
        return pt2eEmitError(loc,
                             "%s: operands %lld and %ld are the same value, "
                             "so they must have the same spec",
                             where, (long long)prev->operand, (long)k);
      seen = true;
    }
    if (!seen && !addEntry(st, i, k, v, raw, &spec))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* The output of annotated op 'i', when its annotation has a spec for it. */
static MlirLogicalResult collectOutput(PrepareState *st, size_t i,
                                       const Pt2eAnnotation *ann) {
  MlirOperation op = st->annotated.at[i].op;
  MlirLocation loc = opLoc(op);
  char where[64];
  Pt2eSpec spec;
  if (mlirAttributeIsNull(ann->output) || mlirAttributeIsAUnit(ann->output))
    return mlirLogicalResultSuccess();
  snprintf(where, sizeof where, "'%s' output", PT2E_ATTR_ANNOTATION);
  if (mlirLogicalResultIsFailure(pt2eSpecParse(ann->output, loc, where, &spec)))
    return mlirLogicalResultFailure();
  if (mlirOperationGetNumResults(op) != 1)
    return pt2eEmitError(loc, "%s: the op has %ld results; only an op with "
                              "one result can have an 'output'",
                         where, (long)mlirOperationGetNumResults(op));
  MlirValue r = mlirOperationGetResult(op, 0);
  if (mlirLogicalResultIsFailure(checkValue(op, where, "result 0", r, &spec)) ||
      !addEntry(st, i, -1, r, ann->output, &spec))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/* Reads the annotation of annotated op 'i' into entries. */
static MlirLogicalResult collectEntries(PrepareState *st, size_t i) {
  Annotated *a = &st->annotated.at[i];
  Pt2eAnnotation ann;
  a->firstEntry = st->entries.size;
  if (mlirLogicalResultIsFailure(pt2eAnnotationRead(a->op, &ann)))
    return mlirLogicalResultFailure();
  a->implicitSharing = ann.implicitSharing;
  if (mlirLogicalResultIsFailure(collectInputs(st, i, &ann)) ||
      mlirLogicalResultIsFailure(collectOutput(st, i, &ann)))
    return mlirLogicalResultFailure();
  st->annotated.at[i].endEntry = st->entries.size;
  return mlirLogicalResultSuccess();
}

/* The annotated-op index of 'op', or NONE. */
static size_t annotatedIndex(const PrepareState *st, MlirOperation op) {
  for (size_t i = 0; i < st->annotated.size; i++)
    if (mlirOperationEqual(st->annotated.at[i].op, op))
      return i;
  return NONE;
}

/* The entry of edge ('v', annotated op 'i'), or NONE. */
static size_t edgeEntry(const PrepareState *st, size_t i, MlirValue v) {
  const Annotated *a = &st->annotated.at[i];
  for (size_t e = a->firstEntry; e < a->endEntry; e++)
    if (st->entries.at[e].operand >= 0 &&
        mlirValueEqual(st->entries.at[e].value, v))
      return e;
  return NONE;
}

/* The output entry of annotated op 'i', or NONE. */
static size_t outputEntry(const PrepareState *st, size_t i) {
  const Annotated *a = &st->annotated.at[i];
  for (size_t e = a->firstEntry; e < a->endEntry; e++)
    if (st->entries.at[e].operand < 0)
      return e;
  return NONE;
}

/* The output entry whose value is 'v' (the producer's), or NONE. */
static size_t producerEntry(const PrepareState *st, MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return NONE;
  size_t i = annotatedIndex(st, mlirOpResultGetOwner(v));
  return i == NONE ? NONE : outputEntry(st, i);
}

/* The op a reference names by its pt2e.id into 'target', described in
   'other'; reports and returns false when no op has that id. */
static bool taggedTarget(const PrepareState *st, MlirLocation loc, const char *where,
                         const char *key, const Pt2eSpecRef *ref, MlirOperation *target,
                         char *other, size_t otherSize) {
  size_t t = 0;
  while (t < st->tagged.size && !mlirStringRefEqual(st->tagged.at[t].id, ref->op))
    t++;
  if (t == st->tagged.size) {
    pt2eEmitError(loc, "%s: '%s' points to op \"%.*s\", but no op has "
                       "%s = \"%.*s\"",
                  where, key, (int)ref->op.length, ref->op.data,
                  PT2E_ATTR_ID, (int)ref->op.length, ref->op.data);
    return false;
  }
  *target = st->tagged.at[t].op;
  snprintf(other, otherSize, "op \"%.*s\"", (int)ref->op.length, ref->op.data);
  return true;
}

/*
** Resolves a shared or derived reference made by entry 'from' to the entry
** it names; reports and returns NONE when it names nothing annotated.
*/
static size_t resolveRef(const PrepareState *st, size_t from,
                         const Pt2eSpecRef *ref, const char *key) {
  const Entry *e = &st->entries.at[from];
  MlirOperation self = entryOp(st, e);
  MlirLocation loc = opLoc(self);
  MlirOperation target = self;
  char where[64], other[96] = "this op";

  entryWhere(e, where, sizeof where);
  if (ref->kind == Pt2eRefObserver) {
    pt2eEmitError(loc, "%s: '%s' must name an edge or value "
                       "({operand = N} or {result = 0}), not an observer",
                  where, key);
    return NONE;
  }
  if (ref->op.length && !taggedTarget(st, loc, where, key, ref, &target, other,
                                       sizeof other))
    return NONE;
  size_t i = annotatedIndex(st, target);
  size_t found = NONE;
  if (ref->kind == Pt2eRefOperand) {
    if (ref->index >= mlirOperationGetNumOperands(target)) {
      pt2eEmitError(loc, "%s: '%s' points to operand %lld of %s, which has "
                         "only %ld operands",
                    where, key, (long long)ref->index, other,
                    (long)mlirOperationGetNumOperands(target));
      return NONE;
    }
    if (i != NONE)
      found = edgeEntry(st, i, mlirOperationGetOperand(target, ref->index));
  } else if (i != NONE) {
    found = outputEntry(st, i);
  }
  if (found == NONE)
    pt2eEmitError(loc, "%s: '%s' points to %s %lld of %s, which is not "
                       "quantized (no spec in its '%s')",
                  where, key, ref->kind == Pt2eRefOperand ? "operand" : "result",
                  (long long)ref->index, other, PT2E_ATTR_ANNOTATION);
  return found;
}

static MlirLogicalResult resolveRefs(PrepareState *st) {
  for (size_t e = 0; e < st->entries.size; e++) {
    Entry *en = &st->entries.at[e];
    if (en->spec.kind == Pt2eSpecShared) {
      en->target = resolveRef(st, e, &en->spec.shared, PT2E_ATTR_SPEC_SHARED);
      if (en->target == NONE)
        return mlirLogicalResultFailure();
    } else if (en->spec.kind == Pt2eSpecDerived) {
      for (size_t s = 0; s < en->spec.numSources; s++) {
        en->sources[s] =
            resolveRef(st, e, &en->spec.sources[s], PT2E_ATTR_SPEC_DERIVED_FROM);
        if (en->sources[s] == NONE)
          return mlirLogicalResultFailure();
      }
    }
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** {======================================================================
** Step 2: sharing groups (prepare.py, _get_edge_or_node_to_group_id)
** =======================================================================
*/

static size_t findRoot(PrepareState *st, size_t e) {
  size_t root = e;
  while (st->entries.at[root].parent != root)
    root = st->entries.at[root].parent;
  while (st->entries.at[e].parent != root) { /* path compression */
    size_t next = st->entries.at[e].parent;
    st->entries.at[e].parent = root;
    e = next;
  }
  return root;
}

/* prepare.py _union: the root of 'child' now points to the root of 'parent'. */
static void unite(PrepareState *st, size_t parent, size_t child) {
  size_t rp = findRoot(st, parent), rc = findRoot(st, child);
  st->entries.at[rc].parent = rp;
}

/*
** prepare.py _unwrap_shared_qspec: follows shared specs through the group
** roots to a spec that is not shared, and returns the entry holding it. A
** chain longer than the number of entries goes round in circles: that is
** reported at 'e' and NONE returned.
*/
static size_t unwrap(PrepareState *st, size_t e) {
  size_t cur = e, steps = 0;
  while (st->entries.at[cur].spec.kind == Pt2eSpecShared) {
    cur = findRoot(st, st->entries.at[cur].target);
    if (++steps > st->entries.size) {
      char where[64];
      const Entry *en = &st->entries.at[e];
      pt2eEmitError(opLoc(entryOp(st, en)),
                    "%s: shared specs form a cycle and never reach a spec "
                    "with an observer",
                    entryWhere(en, where, sizeof where));
      return NONE;
    }
  }
  return cur;
}

/*
** prepare.py _has_same_attr over dtype, is_dynamic, quant_min, quant_max,
** qscheme, ch_axis, scale, zero_point: a field one kind has and the other
** lacks makes them differ (fixed specs have no ch_axis; only fixed specs
** have scale and zero_point). ch_axis exists only for per-channel schemes.
*/
static bool sameQParamsAttrs(const Pt2eSpec *a, const Pt2eSpec *b) {
  bool fa = a->kind == Pt2eSpecFixed, fb = b->kind == Pt2eSpecFixed;
  const Pt2eQuantSpec *qa = &a->quant, *qb = &b->quant;
  if (fa != fb)
    return false;
  if (qa->dtype != qb->dtype || qa->isDynamic != qb->isDynamic ||
      qa->quantMin != qb->quantMin || qa->quantMax != qb->quantMax ||
      qa->qscheme != qb->qscheme)
    return false;
  if (pt2eQSchemeHasAxis(qa->qscheme) && qa->chAxis != qb->chAxis)
    return false;
  if (pt2eQSchemeIsPerGroup(qa->qscheme) && qa->groupSize != qb->groupSize)
    return false;
  if (fa && (a->fixedScale != b->fixedScale ||
             a->fixedZeroPoint != b->fixedZeroPoint))
    return false;
  return true;
}

/* prepare.py _union_input_edge_with: 'edge' joins 'other' if their root
   specs agree. */
static MlirLogicalResult uniteIfSame(PrepareState *st, size_t edge,
                                     size_t edgeRoot, size_t other) {
  size_t otherRoot = unwrap(st, other);
  if (otherRoot == NONE)
    return mlirLogicalResultFailure();
  if (sameQParamsAttrs(&st->entries.at[otherRoot].spec,
                       &st->entries.at[edgeRoot].spec))
    unite(st, other, edge);
  return mlirLogicalResultSuccess();
}

/* Implicit sharing of the input edge 'e' (its root 'root'): first the
   other users of the same tensor, then its producer's output, the order
   prepare.py uses to avoid cycles. */
static MlirLogicalResult shareImplicitly(PrepareState *st, size_t e, size_t root) {
  const Entry *en = &st->entries.at[e];
  for (size_t o = 0; o < st->entries.size; o++) {
    const Entry *oe = &st->entries.at[o];
    if (oe->operand < 0 || oe->owner == en->owner ||
        !mlirValueEqual(oe->value, en->value))
      continue;
    if (mlirLogicalResultIsFailure(uniteIfSame(st, e, root, o)))
      return mlirLogicalResultFailure();
  }
  size_t prod = producerEntry(st, en->value);
  if (prod != NONE && mlirLogicalResultIsFailure(uniteIfSame(st, e, root, prod)))
    return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/* Unites each entry with those it shares an observer with. */
static MlirLogicalResult uniteShared(PrepareState *st) {
  for (size_t e = 0; e < st->entries.size; e++) {
    Entry *en = &st->entries.at[e];
    if (en->operand >= 0) {
      size_t root = unwrap(st, e);
      if (root == NONE)
        return mlirLogicalResultFailure();
      if (st->annotated.at[en->owner].implicitSharing &&
          mlirLogicalResultIsFailure(shareImplicitly(st, e, root)))
        return mlirLogicalResultFailure();
    }
    if (en->spec.kind == Pt2eSpecShared)
      unite(st, en->target, e);
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult groupEntries(PrepareState *st) {
  if (mlirLogicalResultIsFailure(uniteShared(st)))
    return mlirLogicalResultFailure();
  /* prepare.py _get_obs_or_fq_map: a group's observer comes from its first
     entry in dictionary order. (torchao asserts when that entry is itself a
     shared spec; we follow it to the spec it stands for.) */
  for (size_t e = 0; e < st->entries.size; e++) {
    size_t r = findRoot(st, e);
    if (st->entries.at[r].specEntry != NONE)
      continue;
    size_t s = unwrap(st, e);
    if (s == NONE)
      return mlirLogicalResultFailure();
    st->entries.at[r].specEntry = s;
  }
  for (size_t e = 0; e < st->entries.size; e++) {
    const Entry *en = &st->entries.at[e];
    size_t r = findRoot(st, e);
    if (en->spec.kind != Pt2eSpecDerived || st->entries.at[r].specEntry != e)
      continue;
    for (size_t s = 0; s < en->spec.numSources; s++)
      if (findRoot(st, en->sources[s]) == r) {
        char where[64];
        return pt2eEmitError(opLoc(entryOp(st, en)),
                             "%s: a derived spec cannot derive from its own "
                             "observer (source %zu shares it)",
                             entryWhere(en, where, sizeof where), s);
      }
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** {======================================================================
** Step 3: plan insertions (prepare.py, _maybe_insert_input_observer_for_
** arg_or_kwarg and _maybe_insert_output_observer_for_node)
** =======================================================================
*/

static bool addInsertion(PrepareState *st, size_t group, size_t anchor,
                         MlirValue value, size_t from, bool isOutput) {
  Insertion in;
  memset(&in, 0, sizeof in);
  in.group = group;
  in.anchor = anchor;
  in.value = value;
  in.from = from;
  in.isOutput = isOutput;
  if (!PUSH(st, st->inserts, in, opLoc(st->annotated.at[anchor].op)))
    return false;
  Entry *root = &st->entries.at[group];
  if (root->firstInsert == NONE)
    root->firstInsert = st->inserts.size - 1;
  return true;
}

/* The insertion of group 'g' that already reads 'v' (or the insertion
   'from', the producer's output observer, when it is not NONE), or NONE. */
static size_t insertionReading(const PrepareState *st, size_t g, MlirValue v,
                               size_t from) {
  for (size_t j = 0; j < st->inserts.size; j++) {
    const Insertion *in = &st->inserts.at[j];
    bool same = from != NONE ? in->from == from
                             : (in->from == NONE && !in->isOutput &&
                                mlirValueEqual(in->value, v));
    if (same && in->group == g)
      return j;
  }
  return NONE;
}

/* The input observer of operand 'k' of annotated op 'i', when it has its
   own instance: an insertion (shared with the instance's other readers of
   the value) and the rewire of the operand to it. */
static MlirLogicalResult planOperand(PrepareState *st, size_t i, intptr_t k) {
  MlirOperation op = st->annotated.at[i].op;
  MlirValue v = mlirOperationGetOperand(op, k);
  size_t e = edgeEntry(st, i, v);
  if (e == NONE)
    return mlirLogicalResultSuccess();
  size_t g = findRoot(st, e);
  size_t prod = producerEntry(st, v);
  /* the producer's output observer is this edge's instance: the operand
     will read it once users of 'v' move to that observer */
  if (prod != NONE && findRoot(st, prod) == g)
    return mlirLogicalResultSuccess();
  /* what the operand reads by then: the producer's output observer if
     there is one (an observer chain, as in PT2E), else 'v' */
  size_t from = prod != NONE ? st->entries.at[prod].insertion : NONE;
  size_t use = insertionReading(st, g, v, from);
  if (use == NONE) {
    if (!addInsertion(st, g, i, v, from, false))
      return mlirLogicalResultFailure();
    use = st->inserts.size - 1;
  }
  Rewire r = {op, k, use};
  return PUSH(st, st->rewires, r, opLoc(op)) ? mlirLogicalResultSuccess()
                                             : mlirLogicalResultFailure();
}

static MlirLogicalResult planOp(PrepareState *st, size_t i) {
  MlirOperation op = st->annotated.at[i].op;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t k = 0; k < n; k++)
    if (mlirLogicalResultIsFailure(planOperand(st, i, k)))
      return mlirLogicalResultFailure();

  size_t out = outputEntry(st, i);
  if (out != NONE) {
    if (!addInsertion(st, findRoot(st, out), i, st->entries.at[out].value,
                      NONE, true))
      return mlirLogicalResultFailure();
    st->entries.at[out].insertion = st->inserts.size - 1;
  }
  return mlirLogicalResultSuccess();
}

/* Names every insertion and builds its canonical spec. */
static MlirLogicalResult planAttrs(PrepareState *st) {
  char name[64];
  for (size_t j = 0; j < st->inserts.size; j++) {
    snprintf(name, sizeof name, "activation_post_process_%zu", j);
    st->inserts.at[j].name = mlirStringAttrGet(st->ctx, pt2eStr(name));
  }
  for (size_t j = 0; j < st->inserts.size; j++) {
    Insertion *in = &st->inserts.at[j];
    const Entry *root = &st->entries.at[in->group];
    Pt2eSpec spec = st->entries.at[root->specEntry].spec;
    if (spec.kind == Pt2eSpecDerived) {
      const Entry *de = &st->entries.at[root->specEntry];
      for (size_t s = 0; s < spec.numSources; s++) {
        size_t g = findRoot(st, de->sources[s]);
        size_t first = st->entries.at[g].firstInsert;
        spec.sources[s].kind = Pt2eRefObserver;
        spec.sources[s].op = pt2eStr("");
        spec.sources[s].name = mlirStringAttrGetValue(st->inserts.at[first].name);
      }
    }
    in->spec = pt2eSpecToAttr(st->ctx, &spec);
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** {======================================================================
** Step 4: rewrite
** =======================================================================
*/

static bool isCreated(const PrepareState *st, size_t upTo, MlirOperation op) {
  for (size_t j = 0; j < upTo; j++)
    if (mlirOperationEqual(st->inserts.at[j].created, op))
      return true;
  return false;
}

/*
** Puts observer 'obs' of insertion 'j' right after what it observes: after
** the defining op, or at the top of the block for a block argument (after
** the observers of earlier arguments, as FX places them after each
** placeholder).
*/
static void place(PrepareState *st, size_t j, MlirValue input,
                  MlirOperation obs) {
  if (mlirValueIsAOpResult(input)) {
    MlirOperation def = mlirOpResultGetOwner(input);
    mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(def), def, obs);
    return;
  }
  MlirBlock block = mlirBlockArgumentGetOwner(input);
  intptr_t argNo = mlirBlockArgumentGetArgNumber(input);
  MlirOperation at = mlirBlockGetFirstOperation(block);
  while (!mlirOperationIsNull(at) && isCreated(st, j, at)) {
    MlirValue in = mlirOperationGetOperand(at, 0);
    if (!mlirValueIsABlockArgument(in) ||
        !mlirBlockEqual(mlirBlockArgumentGetOwner(in), block) ||
        mlirBlockArgumentGetArgNumber(in) > argNo)
      break;
    at = mlirOperationGetNextInBlock(at);
  }
  if (mlirOperationIsNull(at))
    mlirBlockAppendOwnedOperation(block, obs);
  else
    mlirBlockInsertOwnedOperationBefore(block, at, obs);
}

/* Creates the op of insertion 'j'; a null op when memory ran out. */
static MlirOperation createOp(PrepareState *st, const Insertion *in,
                              MlirValue input) {
  MlirLocation loc = opLoc(st->annotated.at[in->anchor].op);
  const Entry *root = &st->entries.at[in->group];
  const Pt2eSpec *spec = &st->entries.at[root->specEntry].spec;
  MlirStringRef name = mlirStringAttrGetValue(in->name);
  MlirOperation op;

  /* DerivedObserverOrFakeQuantize is an identity in PTQ and QAT alike */
  if (st->qat && spec->kind != Pt2eSpecDerived) {
    op = pt2eFakeQuantOpCreate(loc, input, name, in->spec, 1);
    if (!mlirOperationIsNull(op) && spec->kind == Pt2eSpecFixed) {
      /* FixedQParamsFakeQuantize starts from its fixed qparams */
      pt2eCalibratedWriteQParams(op, 1, &spec->fixedScale,
                                 &spec->fixedZeroPoint);
    }
  } else {
    op = pt2eObserverOpCreate(loc, input, name, in->spec);
  }
  if (!mlirOperationIsNull(op) &&
      !mlirOperationIsNull(st->inserts.at[root->firstInsert].created))
    pt2eQuantOpSetInstance(op, st->inserts.at[root->firstInsert].name);
  return op;
}

/*
** Creates every op first (unattached: a chained observer reads the result
** of an earlier one, which exists before it is placed), so that running out
** of memory leaves the IR untouched; then places them and moves the uses.
*/
static MlirLogicalResult rewrite(PrepareState *st) {
  for (size_t j = 0; j < st->inserts.size; j++) {
    Insertion *in = &st->inserts.at[j];
    MlirValue input =
        in->from != NONE
            ? mlirOperationGetResult(st->inserts.at[in->from].created, 0)
            : in->value;
    in->created = createOp(st, in, input);
    if (mlirOperationIsNull(in->created)) {
      for (size_t k = 0; k < j; k++) /* in reverse: later ones use earlier */
        mlirOperationDestroy(st->inserts.at[j - 1 - k].created);
      return pt2eOutOfMemory(opLoc(st->annotated.at[in->anchor].op),
                             "'pt2e-prepare'");
    }
  }
  for (size_t j = 0; j < st->inserts.size; j++) {
    Insertion *in = &st->inserts.at[j];
    MlirOperation obs = in->created;
    MlirValue input = mlirOperationGetOperand(obs, 0);
    place(st, j, input, obs);
    if (in->isOutput)
      mlirValueReplaceAllUsesExcept(input, mlirOperationGetResult(obs, 0), 1,
                                    &obs);
  }
  for (size_t r = 0; r < st->rewires.size; r++) {
    const Rewire *rw = &st->rewires.at[r];
    mlirOperationSetOperand(
        rw->op, rw->operand,
        mlirOperationGetResult(st->inserts.at[rw->insertion].created, 0));
  }
  return mlirLogicalResultSuccess();
}

/* }====================================================================== */

/*
** A module that already holds pt2e.observer / pt2e.fake_quant ops was
** prepared before. It is left alone if every annotated edge and value is
** already observed, in the same mode; anything else is refused, so that a
** second run never stacks a second layer of observers.
*/
static MlirLogicalResult checkPrepared(PrepareState *st) {
  for (size_t j = 0; j < st->existing.size; j++) {
    MlirOperation q = st->existing.at[j];
    bool derived = !mlirAttributeIsNull(
        pt2eQuantOpGetSpecEntry(q, PT2E_ATTR_SPEC_DERIVED_FROM));
    if (pt2eIsFakeQuant(q) && !st->qat)
      return pt2eEmitError(opLoc(q), "the module was prepared with qat=true; "
                                     "'pt2e-prepare' will not prepare it "
                                     "again with qat=false");
    if (pt2eIsObserver(q) && st->qat && !derived)
      return pt2eEmitError(opLoc(q), "the module was prepared with qat=false; "
                                     "'pt2e-prepare' will not prepare it "
                                     "again with qat=true");
  }
  for (size_t e = 0; e < st->entries.size; e++) {
    const Entry *en = &st->entries.at[e];
    MlirOperation op = entryOp(st, en);
    char where[64];
    bool ok = true;
    if (en->operand >= 0) {
      for (intptr_t k = 0; k < mlirOperationGetNumOperands(op) && ok; k++) {
        MlirValue v = mlirOperationGetOperand(op, k);
        if (mlirValueEqual(v, en->value))
          ok = mlirValueIsAOpResult(v) &&
               pt2eIsQuantOp(mlirOpResultGetOwner(v));
      }
    } else {
      MlirOpOperand use = mlirValueGetFirstUse(en->value);
      ok = !mlirOpOperandIsNull(use);
      for (; !mlirOpOperandIsNull(use) && ok;
           use = mlirOpOperandGetNextUse(use))
        ok = pt2eIsQuantOp(mlirOpOperandGetOwner(use));
    }
    if (!ok)
      return pt2eEmitError(opLoc(op),
                           "%s is not observed, but the module already has "
                           "pt2e observers: 'pt2e-prepare' does not add to a "
                           "prepared module",
                           entryWhere(en, where, sizeof where));
  }
  return mlirLogicalResultSuccess();
}

static void freeState(PrepareState *st) {
  pt2eFree(st->annotated.at);
  pt2eFree(st->tagged.at);
  pt2eFree(st->existing.at);
  pt2eFree(st->entries.at);
  pt2eFree(st->inserts.at);
  pt2eFree(st->rewires.at);
}

/* Steps 1-3 (all checks) and, when nothing failed, step 4. */
static MlirLogicalResult prepareModule(PrepareState *st, MlirOperation module) {
  mlirOperationWalk(module, collectOp, st, MlirWalkPreOrder);
  if (st->failed)
    return mlirLogicalResultFailure();
  for (size_t i = 0; i < st->annotated.size; i++)
    if (mlirLogicalResultIsFailure(collectEntries(st, i)))
      return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(resolveRefs(st)) ||
      mlirLogicalResultIsFailure(groupEntries(st)))
    return mlirLogicalResultFailure();
  if (st->existing.size)
    return checkPrepared(st);
  for (size_t i = 0; i < st->annotated.size; i++)
    if (mlirLogicalResultIsFailure(planOp(st, i)))
      return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(planAttrs(st)))
    return mlirLogicalResultFailure();
  return rewrite(st);
}

static MlirLogicalResult prepareRun(MlirOperation module,
                                    const Pt2eOptionValue *options) {
  PrepareState st;
  memset(&st, 0, sizeof st);
  st.ctx = mlirOperationGetContext(module);
  st.qat = options[OptQat].boolValue;
  if (mlirLogicalResultIsFailure(
          pt2eDialectRequire(st.ctx, opLoc(module), "pt2e-prepare")))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = prepareModule(&st, module);
  freeState(&st);
  return r;
}

const Pt2ePassDecl pt2ePreparePass = {
    .argument = "pt2e-prepare",
    .name = "Pt2ePrepare",
    .summary = "Insert pt2e.observer (or, with qat, pt2e.fake_quant) ops "
               "where 'pt2e.annotation' asks, as torchao's prepare_pt2e",
    .anchorOp = "builtin.module",
    .options = prepareOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = prepareRun,
};
