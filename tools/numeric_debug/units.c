/*
** units.c
** The quantized units of a calibrated module and the points each owns
** (units.h says what a unit and an owner are).
*/
#include "units.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/Linalg.h"

#include "ir_ops.h"
#include "pt2e_annotation.h"
#include "pt2e_dialect.h"
#include "pt2e_support.h"

#define TOOL "pt2e-numeric-debug"
#define TRACE_DEPTH 8

typedef struct Graph {
  MlirOperation *ops; /* the function body's ops, in program order */
  int numOps;
  int *slot;          /* open-addressing table: op -> index */
  size_t tableSize;
  int *parent;        /* union-find over op indices */
  bool *annotated;
} Graph;

static size_t hashPtr(const void *p, size_t size) {
  return (size_t)(((uintptr_t)p >> 4) * 0x9E3779B97F4A7C15ull) & (size - 1);
}

static int indexOf(const Graph *g, MlirOperation op) {
  if (mlirOperationIsNull(op))
    return -1;
  for (size_t h = hashPtr(op.ptr, g->tableSize);; h = (h + 1) & (g->tableSize - 1)) {
    int i = g->slot[h];
    if (i < 0 || mlirOperationEqual(g->ops[i], op))
      return i;
  }
}

/* The op of the function body that holds 'op' (itself, or an ancestor:
** a use inside a linalg body belongs to the linalg op). */
static int topIndex(const Graph *g, MlirOperation op) {
  for (int depth = 0; !mlirOperationIsNull(op) && depth < 64; depth++) {
    int i = indexOf(g, op);
    if (i >= 0)
      return i;
    op = mlirOperationGetParentOperation(op);
  }
  return -1;
}

static int find(Graph *g, int i) {
  while (g->parent[i] != i)
    i = g->parent[i] = g->parent[g->parent[i]];
  return i;
}

static void unite(Graph *g, int a, int b) {
  a = find(g, a);
  b = find(g, b);
  if (a != b)
    g->parent[a < b ? b : a] = a < b ? a : b;
}

/* Ops that make a value from nothing: an edge through them joins nothing
** (every conv's tensor.empty would otherwise join every unit). */
static bool isSource(MlirOperation op) {
  return pt2eOpIs(op, "arith.constant") || pt2eOpIs(op, "tensor.empty") ||
         pt2eOpIs(op, "linalg.fill") || pt2eOpIs(op, "tosa.const") ||
         mlirOperationGetNumOperands(op) == 0;
}

/* Ops that join a pattern around its core (a conv's pad, a linear's
** weight transpose): the core is named after the op they surround. */
static bool isLayout(MlirOperation op) {
  static const char *names[] = {"tensor.pad", "tensor.expand_shape", "tensor.collapse_shape",
                                "linalg.transpose", "linalg.broadcast", "tosa.transpose",
                                "tosa.reshape"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (pt2eOpIs(op, names[i]))
      return true;
  return false;
}

/* Which op names a unit: a convolution or contraction (a depthwise conv's
** act and weight specs sit on its pad and its weight's collapse_shape),
** else the op with the most observed inputs, not a layout op. */
static int coreRank(const Graph *g, int i, const int *inputs) {
  MlirOperation op = g->ops[i];
  bool kernel = mlirLinalgIsAConvolutionOp(op) || mlirLinalgIsAContractionOp(op);
  return (kernel ? 1000 : 0) + 2 * inputs[i] + !isLayout(op);
}

typedef struct Reached {
  int ops[64];
  int n;
} Reached;

static void reach(Reached *r, int i) {
  for (int k = 0; k < r->n; k++)
    if (r->ops[k] == i)
      return;
  if (r->n < 64)
    r->ops[r->n++] = i;
}

/* The annotated ops 'v' comes from without crossing an observer (through
** un-annotated ops); with 'throughObservers', observers are crossed. */
static void traceBack(const Graph *g, MlirValue v, bool throughObservers, int depth,
                      Reached *r) {
  if (depth > TRACE_DEPTH || !mlirValueIsAOpResult(v))
    return;
  MlirOperation def = mlirOpResultGetOwner(v);
  int i = indexOf(g, def);
  if (i < 0)
    return;
  if (pt2eIsObserver(def)) {
    if (throughObservers)
      traceBack(g, mlirOperationGetOperand(def, 0), throughObservers, depth + 1, r);
    return;
  }
  if (g->annotated[i]) {
    reach(r, i);
    return;
  }
  if (isSource(def))
    return;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(def); k++)
    traceBack(g, mlirOperationGetOperand(def, k), throughObservers, depth + 1, r);
}

/* The annotated ops that read 'v' (through un-annotated ops, not through
** observers). */
static void traceForward(const Graph *g, MlirValue v, int depth, Reached *r) {
  if (depth > TRACE_DEPTH)
    return;
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    int i = topIndex(g, mlirOpOperandGetOwner(use));
    if (i < 0 || pt2eIsObserver(g->ops[i]))
      continue;
    if (g->annotated[i]) {
      reach(r, i);
      continue;
    }
    for (intptr_t k = 0; k < mlirOperationGetNumResults(g->ops[i]); k++)
      traceForward(g, mlirOperationGetResult(g->ops[i], k), depth + 1, r);
  }
}

static int opWithId(const Graph *g, MlirStringRef id) {
  for (int i = 0; i < g->numOps; i++) {
    MlirAttribute a = pt2eOpGetId(g->ops[i]);
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a) &&
        mlirStringRefEqual(mlirStringAttrGetValue(a), id))
      return i;
  }
  return -1;
}

/* Joins op 'i' with what its shared specs point at; counts the observer
** specs (a unit's own quantization) into *ownSpecs and those on inputs
** into *inputSpecs. 'operandIndex' is the input the spec belongs to
** (-1: the output). */
static void scanSpecs(Graph *g, int i, MlirAttribute a, intptr_t operandIndex,
                      int *ownSpecs, int *inputSpecs) {
  if (mlirAttributeIsNull(a))
    return;
  if (mlirAttributeIsAArray(a)) {
    for (intptr_t k = 0; k < mlirArrayAttrGetNumElements(a); k++)
      scanSpecs(g, i, mlirArrayAttrGetElement(a, k), k, ownSpecs, inputSpecs);
    return;
  }
  if (!mlirAttributeIsADictionary(a))
    return;
  MlirAttribute shared =
      mlirDictionaryAttrGetElementByName(a, mlirStringRefCreateFromCString("shared"));
  if (!mlirAttributeIsNull(shared) && mlirAttributeIsADictionary(shared)) {
    MlirAttribute op =
        mlirDictionaryAttrGetElementByName(shared, mlirStringRefCreateFromCString("op"));
    MlirAttribute operand =
        mlirDictionaryAttrGetElementByName(shared, mlirStringRefCreateFromCString("operand"));
    if (!mlirAttributeIsNull(op) && mlirAttributeIsAString(op)) {
      int j = opWithId(g, mlirStringAttrGetValue(op));
      if (j >= 0)
        unite(g, i, j);
    } else if (!mlirAttributeIsNull(operand) && mlirAttributeIsAInteger(operand)) {
      int64_t k = mlirIntegerAttrGetValueInt(operand);
      if (k >= 0 && k < mlirOperationGetNumOperands(g->ops[i])) {
        Reached r = {.n = 0};
        traceBack(g, mlirOperationGetOperand(g->ops[i], k), true, 0, &r);
        for (int m = 0; m < r.n; m++)
          unite(g, i, r.ops[m]);
      }
    }
    return;
  }
  if (!mlirAttributeIsNull(
          mlirDictionaryAttrGetElementByName(a, mlirStringRefCreateFromCString("observer")))) {
    (*ownSpecs)++;
    if (operandIndex >= 0)
      (*inputSpecs)++;
  }
}

static void freeGraph(Graph *g) {
  pt2eFree(g->ops);
  pt2eFree(g->slot);
  pt2eFree(g->parent);
  pt2eFree(g->annotated);
}

static bool buildGraph(MlirOperation func, Graph *g) {
  memset(g, 0, sizeof *g);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    g->numOps++;
  g->tableSize = 16;
  while (g->tableSize < 2 * (size_t)g->numOps)
    g->tableSize *= 2;
  size_t n = (size_t)g->numOps + 1;
  g->ops = pt2eAlloc(n * sizeof *g->ops);
  g->slot = pt2eAlloc(g->tableSize * sizeof *g->slot);
  g->parent = pt2eAlloc(n * sizeof *g->parent);
  g->annotated = pt2eAlloc(n * sizeof *g->annotated);
  if (!g->ops || !g->slot || !g->parent || !g->annotated) {
    freeGraph(g);
    return false;
  }
  for (size_t h = 0; h < g->tableSize; h++)
    g->slot[h] = -1;
  int i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), i++) {
    g->ops[i] = op;
    g->parent[i] = i;
    g->annotated[i] = !mlirAttributeIsNull(pt2eAnnotationGet(op));
    size_t h = hashPtr(op.ptr, g->tableSize);
    while (g->slot[h] >= 0)
      h = (h + 1) & (g->tableSize - 1);
    g->slot[h] = i;
  }
  return true;
}

static void appendText(MlirStringRef s, void *userData) {
  char *buf = userData;
  size_t have = strlen(buf), room = 511 - have;
  size_t n = s.length < room ? s.length : room;
  memcpy(buf + have, s.data, n);
  buf[have + n] = 0;
}

/* The printed location without double quotes, as pt2e-annotate's
** exclude-locs matches it. */
static void printedLocation(MlirOperation op, char out[512]) {
  char raw[512] = "";
  mlirLocationPrint(mlirOperationGetLocation(op), appendText, raw);
  size_t k = 0;
  for (size_t i = 0; raw[i] && k < 511; i++)
    if (raw[i] != '"')
      out[k++] = raw[i];
  out[k] = 0;
}

/* The text of op 'i''s location that pt2e-annotate's exclude option
** matches: a module name (exclude-names), else file:line:col (exclude-locs;
** the ')' ends the column: ":3:2)" is not inside ":3:24)"). NULL (and
** 'why' written) when the location is neither or cannot be listed. */
static const char *exclusionKey(const Graph *g, int i, const char *selfBase, char key[300],
                                char *why, size_t whySize) {
  MlirLocation loc = mlirOperationGetLocation(g->ops[i]);
  const char *option;
  if (mlirLocationIsAName(loc)) {
    MlirStringRef n = mlirIdentifierStr(mlirLocationNameGetName(loc));
    snprintf(key, 300, "%.*s", (int)n.length, n.data);
    option = "exclude-names";
  } else if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef f = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    const char *base = f.data;
    for (size_t k = 0; k < f.length; k++)
      if (f.data[k] == '/')
        base = f.data + k + 1;
    snprintf(key, 300, "%.*s:%d:%d)", (int)(f.length - (size_t)(base - f.data)), base,
             mlirLocationFileLineColRangeGetStartLine(loc),
             mlirLocationFileLineColRangeGetStartColumn(loc));
    option = "exclude-locs";
    size_t bl = f.length - (size_t)(base - f.data);
    if (bl == strlen(selfBase) && !memcmp(base, selfBase, bl)) {
      /* the parser's own positions: the module was printed without its
      ** locations, which then name lines of no model pt2e-annotate reads */
      snprintf(why, whySize, "its location is a line of '%s' itself: print the pipeline's "
               "output with --mlir-print-debuginfo", selfBase);
      return NULL;
    }
  } else {
    char text[512];
    printedLocation(g->ops[i], text);
    snprintf(why, whySize, "no location names it (%s): print the pipeline's output with "
             "--mlir-print-debuginfo", text);
    return NULL;
  }
  if (strpbrk(key, ",{}*?\"\\ \t")) {
    snprintf(why, whySize, "its location '%s' cannot be written in an exclude list", key);
    return NULL;
  }
  return option;
}

/* Whether 'key' of 'option' also matches op 'i'. */
static bool keyMatches(const Graph *g, int i, const char *option, const char *key) {
  if (!strcmp(option, "exclude-names")) {
    MlirLocation other = mlirOperationGetLocation(g->ops[i]);
    if (!mlirLocationIsAName(other))
      return false;
    MlirStringRef n = mlirIdentifierStr(mlirLocationNameGetName(other));
    size_t kl = strlen(key);
    return n.length >= kl && !memcmp(n.data, key, kl) && (n.length == kl || n.data[kl] == '.');
  }
  char text[512];
  printedLocation(g->ops[i], text);
  return strstr(text, key) != NULL;
}

/* How pt2e-annotate can leave unit 'u' in float: the keys of all its
** annotated ops (excluding the core alone would leave, e.g., a linear's
** bias add to be annotated as an add of its own), of one option, none of
** which matches an annotated op of another unit. */
static void chooseExclusion(const Graph *g, const int *unitOf, int u, int core,
                            const char *selfBase, SensUnit *unit) {
  printedLocation(g->ops[core], unit->location);
  const char *option = NULL;
  unit->excludeValue[0] = 0;
  for (int i = 0; i < g->numOps; i++) {
    if (unitOf[i] != u)
      continue;
    char key[300];
    const char *o = exclusionKey(g, i, selfBase, key, unit->why, sizeof unit->why);
    if (!o)
      return;
    if (option && strcmp(o, option)) {
      snprintf(unit->why, sizeof unit->why, "its ops' locations need both exclude-names "
               "and exclude-locs");
      return;
    }
    option = o;
    for (int j = 0; j < g->numOps; j++)
      if (unitOf[j] >= 0 && unitOf[j] != u && keyMatches(g, j, option, key)) {
        snprintf(unit->why, sizeof unit->why, "'%s' also matches an op of another unit", key);
        return;
      }
    /* once per key (a module name covers all of its ops) */
    size_t have = strlen(unit->excludeValue), kl = strlen(key);
    bool seen = false;
    for (const char *p = unit->excludeValue; (p = strstr(p, key)); p += kl)
      if ((p == unit->excludeValue || p[-1] == ',') && (p[kl] == ',' || !p[kl]))
        seen = true;
    if (seen)
      continue;
    if (have + kl + 2 > sizeof unit->excludeValue) {
      snprintf(unit->why, sizeof unit->why, "its exclude list is too long");
      return;
    }
    snprintf(unit->excludeValue + have, sizeof unit->excludeValue - have, "%s%s",
             have ? "," : "", key);
  }
  unit->excludeOption = option;
}

static void addRequester(SensPoint *p, int unit) {
  if (unit < 0)
    return;
  for (int k = 0; k < p->numRequesters; k++)
    if (p->requesters[k] == unit)
      return;
  if (p->numRequesters == UNIT_MAX_REQUESTERS)
    p->tooMany = true;
  else
    p->requesters[p->numRequesters++] = unit;
}

/* Joins the ops of each pattern (unobserved edges, shared specs) and
** counts each annotated op's observer specs: all of its own into own[i],
** those on its inputs into inputs[i]. */
static void joinPatterns(Graph *g, int *own, int *inputs) {
  for (int i = 0; i < g->numOps; i++) {
    own[i] = inputs[i] = 0;
    if (!g->annotated[i])
      continue;
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(g->ops[i]); k++) {
      Reached r = {.n = 0};
      traceBack(g, mlirOperationGetOperand(g->ops[i], k), false, 0, &r);
      for (int m = 0; m < r.n; m++)
        unite(g, i, r.ops[m]);
    }
    Pt2eAnnotation a = {0};
    MlirAttribute ann = pt2eAnnotationGet(g->ops[i]);
    if (mlirAttributeIsADictionary(ann)) {
      a.inputs = mlirDictionaryAttrGetElementByName(ann, mlirStringRefCreateFromCString("inputs"));
      a.output = mlirDictionaryAttrGetElementByName(ann, mlirStringRefCreateFromCString("output"));
    }
    scanSpecs(g, i, a.inputs, -1, &own[i], &inputs[i]);
    int outputOwn = 0, unused = 0;
    scanSpecs(g, i, a.output, -1, &outputOwn, &unused);
    own[i] += outputOwn;
  }
}

/* Numbers the units: the sets with an observer spec of their own, in
** program order of their first op; rootUnit[root] is a set's unit (-1:
** none). Returns how many. */
static int numberUnits(Graph *g, const int *own, int *rootUnit) {
  int numUnits = 0;
  for (int i = 0; i < g->numOps; i++)
    rootUnit[i] = -1;
  for (int i = 0; i < g->numOps; i++)
    if (g->annotated[i] && own[i] > 0 && rootUnit[find(g, i)] < 0)
      rootUnit[find(g, i)] = numUnits++;
  return numUnits;
}

/* Puts each annotated op in its unit (unitOf[i], -1: none): the unit's op
** count, its name (unit_N, or a pt2e.id of one of its ops) and its core op
** core[u], the one with the most observed inputs (coreRank). */
static void assignOps(Graph *g, const int *rootUnit, const int *inputs, int *unitOf,
                      int *core, SensUnits *out) {
  for (int u = 0; u < out->numUnits; u++)
    core[u] = -1;
  for (int i = 0; i < g->numOps; i++) {
    unitOf[i] = g->annotated[i] ? rootUnit[find(g, i)] : -1;
    int u = unitOf[i];
    if (u < 0)
      continue;
    SensUnit *unit = &out->units[u];
    if (unit->numOps == 0) {
      memset(unit, 0, sizeof *unit);
      snprintf(unit->name, sizeof unit->name, "unit_%d", u);
    }
    unit->numOps++;
    MlirAttribute id = pt2eOpGetId(g->ops[i]);
    if (!mlirAttributeIsNull(id) && mlirAttributeIsAString(id) &&
        !strncmp(unit->name, "unit_", 5)) {
      MlirStringRef s = mlirStringAttrGetValue(id);
      snprintf(unit->name, sizeof unit->name, "%.*s", (int)s.length, s.data);
    }
    if (core[u] < 0 || coreRank(g, i, inputs) > coreRank(g, core[u], inputs))
      core[u] = i;
  }
}

/* Each unit's core op name, its name from a module name in the core's
** location (which names it best), and its exclusion (chooseExclusion). */
static void describeUnits(const Graph *g, const int *unitOf, const int *core,
                          const char *selfBase, SensUnits *out) {
  for (int u = 0; u < out->numUnits; u++) {
    MlirStringRef s = pt2eOpNameOf(g->ops[core[u]]);
    snprintf(out->units[u].core, sizeof out->units[u].core, "%.*s", (int)s.length, s.data);
    MlirLocation loc = mlirOperationGetLocation(g->ops[core[u]]);
    if (mlirLocationIsAName(loc)) {
      MlirStringRef module = mlirIdentifierStr(mlirLocationNameGetName(loc));
      snprintf(out->units[u].name, sizeof out->units[u].name, "%.*s", (int)module.length,
               module.data);
    }
    chooseExclusion(g, unitOf, u, core[u], selfBase, &out->units[u]);
  }
}

/* The points (observers) and the units that request each; a point with a
** single requester counts among that unit's points. */
static void collectPoints(const Graph *g, const int *unitOf, SensUnits *out) {
  for (int i = 0; i < g->numOps; i++) {
    if (!pt2eIsObserver(g->ops[i]))
      continue;
    SensPoint *p = &out->points[out->numPoints++];
    memset(p, 0, sizeof *p);
    MlirStringRef name = pt2eQuantOpGetName(g->ops[i]);
    snprintf(p->name, sizeof p->name, "%.*s", (int)name.length, name.data);
    Reached r = {.n = 0};
    traceBack(g, mlirOperationGetOperand(g->ops[i], 0), false, 0, &r);
    traceForward(g, mlirOperationGetResult(g->ops[i], 0), 0, &r);
    for (int m = 0; m < r.n; m++)
      addRequester(p, unitOf[r.ops[m]]);
    if (p->numRequesters == 1 && !p->tooMany)
      out->units[p->requesters[0]].numPoints++;
  }
}

bool sensFindUnits(MlirOperation func, const char *modelPath, SensUnits *out) {
  const char *selfBase = strrchr(modelPath, '/') ? strrchr(modelPath, '/') + 1 : modelPath;
  memset(out, 0, sizeof *out);
  Graph g;
  if (!buildGraph(func, &g)) {
    fprintf(stderr, TOOL ": out of memory\n");
    return false;
  }
  size_t n = (size_t)g.numOps + 1;
  int *own = pt2eAlloc(n * sizeof *own), *inputs = pt2eAlloc(n * sizeof *inputs);
  int *unitOf = pt2eAlloc(n * sizeof *unitOf), *rootUnit = pt2eAlloc(n * sizeof *rootUnit);
  int *core = NULL;
  out->units = pt2eAlloc(n * sizeof *out->units);
  out->points = pt2eAlloc(n * sizeof *out->points);
  bool ok = own && inputs && unitOf && rootUnit && out->units && out->points;
  if (ok) {
    joinPatterns(&g, own, inputs);
    out->numUnits = numberUnits(&g, own, rootUnit);
    ok = (core = pt2eAlloc((size_t)(out->numUnits + 1) * sizeof *core)) != NULL;
  }
  if (ok) {
    assignOps(&g, rootUnit, inputs, unitOf, core, out);
    describeUnits(&g, unitOf, core, selfBase, out);
    collectPoints(&g, unitOf, out);
  } else {
    fprintf(stderr, TOOL ": out of memory\n");
  }
  pt2eFree(core);
  pt2eFree(own);
  pt2eFree(inputs);
  pt2eFree(unitOf);
  pt2eFree(rootUnit);
  freeGraph(&g);
  if (!ok)
    sensFreeUnits(out);
  return ok;
}

void sensFreeUnits(SensUnits *u) {
  pt2eFree(u->units);
  pt2eFree(u->points);
  memset(u, 0, sizeof *u);
}

bool sensPointDropped(const SensPoint *p, const bool *inFloat) {
  if (p->numRequesters == 0 || p->tooMany)
    return false;
  for (int k = 0; k < p->numRequesters; k++)
    if (!inFloat[p->requesters[k]])
      return false;
  return true;
}
