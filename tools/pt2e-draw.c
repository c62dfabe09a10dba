/*
** pt2e-draw.c
** Draws the dataflow of one function of an MLIR module as Graphviz DOT, with
** the quantization ops styled distinctly; or two stages side by side.
**
**   pt2e-draw MODEL.mlir [--entry=NAME] [--title=TEXT] [--no-types]
**   pt2e-draw BEFORE.mlir AFTER.mlir [--entry=NAME] [--title=TEXT] ...
**
** One node per function argument, per op of the function's body (regions
** inside ops, such as linalg.generic bodies, are not drawn) and the return;
** one edge per operand, labelled with its tensor type unless --no-types.
** Styles: pt2e.observer a yellow ellipse, pt2e.fake_quant an orange box
** with its switches, quant.qcast / quant.dcast / quant.scast blue boxes,
** constants small and grey (those used only inside regions are left out).
** Every node has the id of its op: the pt2e op's
** or quant cast's name ('observer:activation_post_process_0', 'qcast:...';
** a quant.dcast without one takes its input cast's name), else the op name and
** its number among ops of that name ('linalg.generic#1'), 'arg0', 'return'.
**
** With two files, both stages are drawn side by side (clusters 'before' and
** 'after'); ids match nodes across them. What the later stage added is
** outlined green in 'after' (class "added"); what it removed is outlined red
** and dashed in 'before' (class "removed"); edges likewise. Writes DOT to
** stdout; render with `dot -Tsvg`.
**
** Every pt2e op drawn is checked first (its spec, and its calibrated
** attributes through pt2e_calibrated.h): a bad one is an error at its
** location and nothing is written.
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Quant.h"
#include "mlir-c/IR.h"

#include "entry.h"
#include "ir_ops.h"
#include "pt2e_annotation.h"
#include "pt2e_calibrated.h"
#include "pt2e_dialect.h"
#include "pt2e_spec.h"
#include "pt2e_support.h"
#include "support/tool_context.h"

enum { IdLen = 160, LabelLen = 640, TypeLen = 96 };

typedef enum {
  KindArg,
  KindOp,
  KindConst,
  KindObserver,
  KindFakeQuant,
  KindQCast,
  KindDCast,
  KindSCast,
  KindReturn
} NodeKind;

typedef struct {
  char id[IdLen];
  char label[LabelLen];
  NodeKind kind;
  bool changed; /* added (after) or removed (before) in two-stage mode */
} Node;

typedef struct {
  int from, to;
  int operand; /* operand number at 'to' */
  char type[TypeLen];
  bool changed;
} Edge;

typedef struct {
  Node *nodes;
  int numNodes;
  size_t capNodes;
  Edge *edges;
  int numEdges;
  size_t capEdges;
  MlirOperation *ops; /* ops[i]: the op of nodes[i] (null for arguments) */
  size_t capOps;
} Graph;

/* {====================================================================
** Strings
** ===================================================================== */

/* The printed type, cut to fit 'size' (with "..." when cut). */
static void typeString(MlirType t, char *buf, size_t size) {
  char tmp[1024];
  Pt2eTextBuf text = pt2eTextBufOver(tmp, sizeof tmp);
  mlirTypePrint(t, pt2eTextBufAppend, &text);
  if (strlen(tmp) < size) {
    snprintf(buf, size, "%s", tmp);
    return;
  }
  snprintf(buf, size, "%.*s...", (int)(size - 4), tmp);
}

/* An edge label: "4x3x16x16xf32" for ranked tensors, else the type. */
static void edgeType(MlirType t, char *buf, size_t size) {
  if (!mlirTypeIsARankedTensor(t)) {
    typeString(t, buf, size);
    return;
  }
  size_t n = 0;
  buf[0] = '\0';
  int64_t rank = mlirShapedTypeGetRank(t);
  for (int64_t d = 0; d < rank && n < size; d++) {
    int64_t dim = mlirShapedTypeGetDimSize(t, d);
    if (mlirShapedTypeIsDynamicSize(dim))
      n += (size_t)snprintf(buf + n, size - n, "?x");
    else
      n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)dim);
  }
  if (n >= size)
    return;
  MlirType e = mlirShapedTypeGetElementType(t);
  char et[TypeLen];
  if (mlirTypeIsAQuantizedType(e)) { /* the scales are on the cast's node */
    char st[TypeLen / 2];
    typeString(mlirQuantizedTypeGetStorageType(e), st, sizeof st);
    snprintf(et, sizeof et, "!quant<%s>", st);
  } else {
    typeString(e, et, sizeof et);
  }
  snprintf(buf + n, size - n, "%s", et);
}

/* The value of a string attribute; empty when 'a' is null or no string. */
static MlirStringRef strOf(MlirAttribute a) {
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return mlirStringRefCreate(NULL, 0);
  return mlirStringAttrGetValue(a);
}

/* Appends to a label; '\n' starts a new (centred) line in DOT. */
static void labelAdd(char *label, const char *fmt, const char *s, int len) {
  size_t n = strlen(label);
  if (n + 1 < LabelLen)
    snprintf(label + n, LabelLen - n, fmt, len, s);
}

/* Writes 's' quoted for DOT, turning '\n' into a line break. */
static void dotString(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fprintf(f, "\\%c", *s);
    else if (*s == '\n')
      fputs("\\n", f);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

/* }==================================================================== */

/* {====================================================================
** Building the graph
** ===================================================================== */

static bool addNode(Graph *g, MlirOperation op, NodeKind kind, const char *id) {
  size_t size = (size_t)g->numNodes;
  if (!pt2eVecGrow((void **)&g->nodes, &g->capNodes, size, sizeof *g->nodes) ||
      !pt2eVecGrow((void **)&g->ops, &g->capOps, size, sizeof *g->ops))
    return false;
  Node *n = &g->nodes[g->numNodes];
  memset(n, 0, sizeof *n);
  snprintf(n->id, sizeof n->id, "%s", id);
  n->kind = kind;
  g->ops[g->numNodes++] = op;
  return true;
}

static bool addEdge(Graph *g, int from, int to, int operand, MlirType t) {
  if (!pt2eVecGrow((void **)&g->edges, &g->capEdges, (size_t)g->numEdges,
                   sizeof *g->edges))
    return false;
  Edge *e = &g->edges[g->numEdges++];
  memset(e, 0, sizeof *e);
  e->from = from;
  e->to = to;
  e->operand = operand;
  edgeType(t, e->type, sizeof e->type);
  return true;
}

static void freeGraph(Graph *g) {
  pt2eFree(g->nodes);
  pt2eFree(g->edges);
  pt2eFree(g->ops);
  memset(g, 0, sizeof *g);
}

static NodeKind kindOf(MlirOperation op) {
  if (pt2eIsObserver(op))
    return KindObserver;
  if (pt2eIsFakeQuant(op))
    return KindFakeQuant;
  if (pt2eOpIs(op, "quant.qcast"))
    return KindQCast;
  if (pt2eOpIs(op, "quant.dcast"))
    return KindDCast;
  if (pt2eOpIs(op, "quant.scast"))
    return KindSCast;
  if (pt2eOpIs(op, "func.return") || pt2eOpIs(op, "return"))
    return KindReturn;
  if (pt2eOpIs(op, "arith.constant") || pt2eOpIs(op, "tosa.const") ||
      pt2eOpIs(op, "tensor.empty"))
    return KindConst;
  return KindOp;
}

/* A quantized element type, short: storage type and range, then the
** scale and zero point, or the channel axis and the number of scales. */
static void quantLabel(MlirType t, char *label) {
  char ts[TypeLen];
  if (!mlirTypeIsAQuantizedType(t)) {
    typeString(t, ts, sizeof ts);
    labelAdd(label, "\n%.*s", ts, (int)strlen(ts));
    return;
  }
  typeString(mlirQuantizedTypeGetStorageType(t), ts, sizeof ts);
  char buf[200];
  int n = snprintf(buf, sizeof buf, "%s[%lld, %lld]", ts,
                   (long long)mlirQuantizedTypeGetStorageTypeMin(t),
                   (long long)mlirQuantizedTypeGetStorageTypeMax(t));
  if (mlirTypeIsAUniformQuantizedType(t))
    snprintf(buf + n, sizeof buf - (size_t)n, " scale %.6g zp %lld",
             mlirUniformQuantizedTypeGetScale(t),
             (long long)mlirUniformQuantizedTypeGetZeroPoint(t));
  else if (mlirTypeIsAUniformQuantizedPerAxisType(t))
    snprintf(buf + n, sizeof buf - (size_t)n, " per axis %d, %ld scales",
             (int)mlirUniformQuantizedPerAxisTypeGetQuantizedDimension(t),
             (long)mlirUniformQuantizedPerAxisTypeGetNumDims(t));
  labelAdd(label, "\n%.*s", buf, (int)strlen(buf));
}

/* A pt2e op's lines: its name, observer kind (or derived, fixed), the
** instance it shares, and a fake_quant's switches. */
static void quantOpLabel(MlirOperation op, NodeKind kind, char *label) {
  MlirStringRef name = pt2eQuantOpGetName(op);
  labelAdd(label, "\n%.*s", name.data, (int)name.length);
  MlirAttribute o = pt2eQuantOpGetSpecEntry(op, PT2E_ATTR_SPEC_OBSERVER);
  if (!mlirAttributeIsNull(o) && mlirAttributeIsAString(o)) {
    MlirStringRef s = mlirStringAttrGetValue(o);
    labelAdd(label, "\n%.*s", s.data, (int)s.length);
  } else if (!mlirAttributeIsNull(
                 pt2eQuantOpGetSpecEntry(op, PT2E_ATTR_SPEC_DERIVED_FROM))) {
    labelAdd(label, "\n%.*s", "derived", 7);
  } else if (!mlirAttributeIsNull(
                 pt2eQuantOpGetSpecEntry(op, PT2E_ATTR_SPEC_FIXED))) {
    labelAdd(label, "\n%.*s", "fixed", 5);
  }
  MlirStringRef inst = pt2eQuantOpGetInstance(op);
  if (inst.length)
    labelAdd(label, "\nshares %.*s", inst.data, (int)inst.length);
  if (kind == KindFakeQuant) {
    const char *obs = pt2eFakeQuantGetSwitch(op, Pt2eSwitchObserver) ? "on" : "off";
    const char *fq = pt2eFakeQuantGetSwitch(op, Pt2eSwitchFakeQuant) ? "on" : "off";
    labelAdd(label, "\nobserver %.*s", obs, (int)strlen(obs));
    labelAdd(label, ", fake quant %.*s", fq, (int)strlen(fq));
  }
}

/* The label of an op's node: what a reader needs to tell it apart. */
static void opLabel(MlirOperation op, NodeKind kind, char *label) {
  MlirStringRef opName = pt2eOpNameOf(op);
  label[0] = '\0';
  labelAdd(label, "%.*s", opName.data, (int)opName.length);
  if (kind == KindObserver || kind == KindFakeQuant) {
    quantOpLabel(op, kind, label);
    return;
  }
  if (kind == KindQCast || kind == KindDCast || kind == KindSCast) {
    MlirStringRef name = strOf(pt2eQdqGetName(op));
    if (name.length)
      labelAdd(label, "\n%.*s", name.data, (int)name.length);
    /* the quantized side's element type: scale and zero point */
    MlirType t = kind == KindDCast ? mlirValueGetType(mlirOperationGetOperand(op, 0))
                                   : mlirValueGetType(mlirOperationGetResult(op, 0));
    if (mlirTypeIsAShaped(t))
      t = mlirShapedTypeGetElementType(t);
    quantLabel(t, label);
    return;
  }
  MlirStringRef id = strOf(pt2eOpGetId(op));
  if (id.length)
    labelAdd(label, "\n%.*s", id.data, (int)id.length);
  if (!mlirAttributeIsNull(pt2eAnnotationGet(op)))
    labelAdd(label, "\n%.*s", "(annotated)", 11);
}

/* The node of a value, or -1 (a value from outside the function body). */
static int nodeOfValue(const Graph *g, MlirBlock body, MlirValue v) {
  if (mlirValueIsABlockArgument(v)) {
    if (!mlirBlockEqual(mlirBlockArgumentGetOwner(v), body))
      return -1;
    return (int)mlirBlockArgumentGetArgNumber(v); /* arguments come first */
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  for (int i = 0; i < g->numNodes; i++)
    if (!mlirOperationIsNull(g->ops[i]) && mlirOperationEqual(g->ops[i], def))
      return i;
  return -1;
}

/* Counts ops per name for ids like 'linalg.generic#1'. */
typedef struct {
  char name[96];
  int count;
} NameCount;

static int nextIndex(NameCount *counts, int *numCounts, int cap, MlirStringRef name) {
  for (int i = 0; i < *numCounts; i++)
    if (strlen(counts[i].name) == name.length &&
        strncmp(counts[i].name, name.data, name.length) == 0)
      return counts[i].count++;
  if (*numCounts == cap)
    return -1;
  snprintf(counts[*numCounts].name, sizeof counts[*numCounts].name, "%.*s",
           (int)name.length, name.data);
  counts[(*numCounts)++].count = 1;
  return 0;
}

/*
** A pt2e op is drawn from its name, spec, switches and 'instance'; like every
** reader of calibrated attributes it refuses an op it cannot trust. The
** error goes to the op's location (MLIR prints it to stderr).
*/
static bool quantOpIsSound(MlirOperation op) {
  Pt2eSpec spec;
  return mlirLogicalResultIsSuccess(pt2eVerifyQuantOp(op)) &&
         mlirLogicalResultIsSuccess(pt2eSpecParse(pt2eQuantOpGetSpec(op),
                                                  mlirOperationGetLocation(op),
                                                  PT2E_ATTR_SPEC, &spec)) &&
         mlirLogicalResultIsSuccess(pt2eCalibratedVerifyOp(op, &spec, "pt2e-draw"));
}

static bool outOfMemory(void) {
  fprintf(stderr, "pt2e-draw: out of memory\n");
  return false;
}

/* One node per argument of the body: 'arg0' with its type. */
static bool addArgNodes(Graph *g, MlirBlock body) {
  char id[IdLen];
  for (intptr_t a = 0; a < mlirBlockGetNumArguments(body); a++) {
    snprintf(id, sizeof id, "arg%ld", (long)a);
    if (!addNode(g, (MlirOperation){NULL}, KindArg, id))
      return outOfMemory();
    char ts[TypeLen];
    typeString(mlirValueGetType(mlirBlockGetArgument(body, a)), ts, sizeof ts);
    snprintf(g->nodes[g->numNodes - 1].label, LabelLen, "%s\n%s", id, ts);
  }
  return true;
}

/* The id of op's node: 'return'; a quant op's kind and name
** ('observer:act_0'; a quant.dcast without a name takes that of the cast
** feeding it); else the op name and its number among ops of that name. */
static void opNodeId(MlirOperation op, NodeKind kind, NameCount *counts, int *numCounts,
                     int maxCounts, char *id) {
  MlirStringRef name = mlirStringRefCreate(NULL, 0);
  if (kind == KindObserver || kind == KindFakeQuant)
    name = pt2eQuantOpGetName(op);
  else if (kind == KindQCast || kind == KindDCast || kind == KindSCast) {
    name = strOf(pt2eQdqGetName(op));
    MlirValue in = mlirOperationGetOperand(op, 0);
    if (!name.length && kind == KindDCast && mlirValueIsAOpResult(in))
      name = strOf(pt2eQdqGetName(mlirOpResultGetOwner(in)));
  }
  if (kind == KindReturn) {
    snprintf(id, IdLen, "return");
  } else if (name.length) { /* a quant op: its name and kind */
    const char *what = kind == KindObserver ? "observer" : kind == KindFakeQuant ? "fake_quant"
                       : kind == KindQCast  ? "qcast" : kind == KindDCast ? "dcast" : "scast";
    snprintf(id, IdLen, "%s:%.*s", what, (int)name.length, name.data);
  } else {
    MlirStringRef opName = pt2eOpNameOf(op);
    int k = nextIndex(counts, numCounts, maxCounts, opName);
    snprintf(id, IdLen, "%.*s#%d", (int)opName.length, opName.data, k < 0 ? 0 : k);
  }
}

/* One node per op of the body, after checking every pt2e op (a bad one
** is an error at its location). */
static bool addOpNodes(Graph *g, MlirBlock body) {
  enum { MaxNames = 256 };
  NameCount *counts = pt2eAlloc(MaxNames * sizeof *counts);
  int numCounts = 0;
  if (!counts)
    return outOfMemory();
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    NodeKind kind = kindOf(op);
    if ((kind == KindObserver || kind == KindFakeQuant) && !quantOpIsSound(op)) {
      ok = false;
      break;
    }
    char id[IdLen];
    opNodeId(op, kind, counts, &numCounts, MaxNames, id);
    ok = addNode(g, op, kind, id) || outOfMemory();
    if (ok)
      opLabel(op, kind, g->nodes[g->numNodes - 1].label);
  }
  pt2eFree(counts);
  return ok;
}

/* One edge per operand that a node of the body defines. */
static bool addEdges(Graph *g, MlirBlock body) {
  for (int to = 0; to < g->numNodes; to++) {
    MlirOperation op = g->ops[to];
    if (mlirOperationIsNull(op))
      continue;
    for (intptr_t k = 0; k < mlirOperationGetNumOperands(op); k++) {
      MlirValue v = mlirOperationGetOperand(op, k);
      int from = nodeOfValue(g, body, v);
      if (from >= 0 && !addEdge(g, from, to, (int)k, mlirValueGetType(v)))
        return outOfMemory();
    }
  }
  return true;
}

static bool buildGraph(MlirOperation func, Graph *g) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(body)) {
    fprintf(stderr, "pt2e-draw: the function has no body\n");
    return false;
  }
  return addArgNodes(g, body) && addOpNodes(g, body) && addEdges(g, body);
}

/* }==================================================================== */

/* {====================================================================
** Two stages
** ===================================================================== */

static int findNode(const Graph *g, const char *id) {
  for (int i = 0; i < g->numNodes; i++)
    if (strcmp(g->nodes[i].id, id) == 0)
      return i;
  return -1;
}

static bool hasEdge(const Graph *g, const char *from, const char *to, int operand) {
  for (int i = 0; i < g->numEdges; i++) {
    const Edge *e = &g->edges[i];
    if (e->operand == operand && strcmp(g->nodes[e->from].id, from) == 0 &&
        strcmp(g->nodes[e->to].id, to) == 0)
      return true;
  }
  return false;
}

/* Marks in 'g' what 'other' does not have. */
static void markDifferences(Graph *g, const Graph *other) {
  for (int i = 0; i < g->numNodes; i++)
    g->nodes[i].changed = findNode(other, g->nodes[i].id) < 0;
  for (int i = 0; i < g->numEdges; i++) {
    Edge *e = &g->edges[i];
    e->changed = !hasEdge(other, g->nodes[e->from].id, g->nodes[e->to].id, e->operand);
  }
}

/* }==================================================================== */

/* {====================================================================
** DOT
** ===================================================================== */

static const char *styleOf(NodeKind k) {
  switch (k) {
  case KindArg:
    return "shape=invhouse, style=filled, fillcolor=\"#e8e8e8\"";
  case KindReturn:
    return "shape=house, style=filled, fillcolor=\"#e8e8e8\"";
  case KindConst:
    return "shape=box, style=\"rounded,filled\", fillcolor=\"#f4f4f4\", color=\"#999999\", "
           "fontcolor=\"#555555\", fontsize=10";
  case KindObserver:
    return "shape=ellipse, style=filled, fillcolor=\"#fff2a8\", color=\"#b08800\"";
  case KindFakeQuant:
    return "shape=box, style=\"rounded,filled\", fillcolor=\"#ffd8a8\", color=\"#d9480f\"";
  case KindQCast:
    return "shape=box, style=filled, fillcolor=\"#a5d8ff\", color=\"#1864ab\"";
  case KindDCast:
    return "shape=box, style=filled, fillcolor=\"#d0ebff\", color=\"#1864ab\"";
  case KindSCast:
    return "shape=box, style=filled, fillcolor=\"#e5dbff\", color=\"#5f3dc4\"";
  case KindOp:
    break;
  }
  return "shape=box, style=filled, fillcolor=white";
}

static const char *className(NodeKind k) {
  switch (k) {
  case KindArg: return "arg";
  case KindReturn: return "return";
  case KindConst: return "const";
  case KindObserver: return "observer";
  case KindFakeQuant: return "fake_quant";
  case KindQCast: return "qcast";
  case KindDCast: return "dcast";
  case KindSCast: return "scast";
  case KindOp: break;
  }
  return "op";
}

static bool hasOutEdge(const Graph *g, int node) {
  for (int i = 0; i < g->numEdges; i++)
    if (g->edges[i].from == node)
      return true;
  return false;
}

/* The nodes of 'g' (see writeGraph). */
static void writeNodes(FILE *f, const Graph *g, const char *prefix, const char *mark,
                       const char *indent) {
  for (int i = 0; i < g->numNodes; i++) {
    const Node *n = &g->nodes[i];
    if (n->kind == KindConst && !hasOutEdge(g, i))
      continue; /* only used inside regions (a linalg body's zero) */
    fprintf(f, "%s", indent);
    char name[IdLen + 16];
    snprintf(name, sizeof name, "%s%s", prefix, n->id);
    dotString(f, name);
    fprintf(f, " [label=");
    dotString(f, n->label);
    fprintf(f, ", %s, class=\"%s%s%s\"", styleOf(n->kind), className(n->kind),
            mark && n->changed ? " " : "", mark && n->changed ? mark : "");
    if (mark && n->changed) {
      if (strcmp(mark, "added") == 0)
        fprintf(f, ", color=\"#2f9e44\", penwidth=3");
      else
        fprintf(f, ", color=\"#e03131\", penwidth=2, style=\"%s\"",
                n->kind == KindFakeQuant || n->kind == KindConst ? "rounded,filled,dashed"
                                                                  : "filled,dashed");
    }
    fprintf(f, "];\n");
  }
}

/* The edges of 'g' (see writeGraph). */
static void writeEdges(FILE *f, const Graph *g, const char *prefix, const char *mark,
                       bool types, const char *indent) {
  for (int i = 0; i < g->numEdges; i++) {
    const Edge *e = &g->edges[i];
    char from[IdLen + 16], to[IdLen + 16];
    snprintf(from, sizeof from, "%s%s", prefix, g->nodes[e->from].id);
    snprintf(to, sizeof to, "%s%s", prefix, g->nodes[e->to].id);
    fprintf(f, "%s", indent);
    dotString(f, from);
    fprintf(f, " -> ");
    dotString(f, to);
    fprintf(f, " [");
    if (types) {
      fprintf(f, "label=");
      dotString(f, e->type);
      fprintf(f, ", ");
    }
    fprintf(f, "fontsize=9");
    if (mark && e->changed) {
      if (strcmp(mark, "added") == 0)
        fprintf(f, ", color=\"#2f9e44\", penwidth=2, class=\"added\"");
      else
        fprintf(f, ", color=\"#e03131\", style=dashed, class=\"removed\"");
    }
    fprintf(f, "];\n");
  }
}

/* 'prefix' keeps node names apart between the two clusters; 'mark' is
** "added" or "removed" (or NULL: one stage). */
static void writeGraph(FILE *f, const Graph *g, const char *prefix, const char *mark,
                       bool types, const char *indent) {
  writeNodes(f, g, prefix, mark, indent);
  writeEdges(f, g, prefix, mark, types, indent);
}

static void writeHeader(FILE *f, const char *title) {
  fprintf(f, "digraph pt2e {\n");
  fprintf(f, "  rankdir=TB;\n  newrank=true;\n");
  fprintf(f, "  node [fontname=\"Helvetica\", fontsize=11];\n");
  fprintf(f, "  edge [fontname=\"Helvetica\", color=\"#555555\"];\n");
  if (title) {
    fprintf(f, "  labelloc=t;\n  fontname=\"Helvetica\";\n  label=");
    dotString(f, title);
    fprintf(f, ";\n");
  }
}

/* }==================================================================== */

/* The function 'entry' of the module, or its only public function with a
** body (pt2eEntryFind, the rule of every tool). */
static MlirOperation findFunc(MlirModule m, const char *path, const char *entry) {
  char err[768];
  MlirOperation f = pt2eEntryFind(mlirModuleGetOperation(m), entry, "--entry=NAME",
                                  err, sizeof err);
  if (mlirOperationIsNull(f))
    fprintf(stderr, "pt2e-draw: '%s': %s\n", path, err);
  return f;
}

static bool loadGraph(MlirContext ctx, const char *path, const char *entry, Graph *g,
                      MlirModule *keep) {
  *keep = mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(path));
  if (mlirModuleIsNull(*keep))
    return false; /* the parser said why, with the file name */
  MlirOperation f = findFunc(*keep, path, entry);
  return !mlirOperationIsNull(f) && buildGraph(f, g);
}

static void usage(void) {
  fprintf(stderr,
          "usage: pt2e-draw MODEL.mlir [LATER.mlir] [--entry=NAME] [--title=TEXT] "
          "[--no-types] [--irdl-file=PATH]\n"
          "  writes Graphviz DOT of the function's dataflow to stdout; with two\n"
          "  files, both stages side by side, what LATER added outlined green and\n"
          "  what it removed outlined red (dashed); the function is --entry's,\n"
          "  or the only public func.func with a body\n");
}

typedef struct DrawOptions {
  const char *files[2], *entry, *title;
  int numFiles;
  bool types; /* edge labels */
  char irdl[4096];
} DrawOptions;

/* -1 to go on, else the exit code (0 after --help, 2 for a bad line). */
static int parseArgs(int argc, char **argv, DrawOptions *o) {
  memset(o, 0, sizeof *o);
  o->types = true;
  pt2eDialectDefaultIrdlPath(o->irdl, sizeof o->irdl);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strncmp(a, "--entry=", 8) == 0)
      o->entry = a + 8;
    else if (strncmp(a, "--title=", 8) == 0)
      o->title = a + 8;
    else if (strcmp(a, "--no-types") == 0)
      o->types = false;
    else if (strncmp(a, "--irdl-file=", 12) == 0)
      snprintf(o->irdl, sizeof o->irdl, "%s", a + 12);
    else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage();
      return 0;
    } else if (a[0] != '-' && o->numFiles < 2)
      o->files[o->numFiles++] = a;
    else {
      fprintf(stderr, "pt2e-draw: unknown argument '%s'\n", a);
      usage();
      return 2;
    }
  }
  if (o->numFiles == 0) {
    usage();
    return 2;
  }
  return -1;
}

/* The DOT of one stage, or of two side by side with their differences
** marked; false when stdout cannot be written. */
static bool writeDot(Graph g[2], const DrawOptions *o) {
  writeHeader(stdout, o->title);
  if (o->numFiles == 1) {
    writeGraph(stdout, &g[0], "", NULL, o->types, "  ");
  } else {
    markDifferences(&g[0], &g[1]);
    markDifferences(&g[1], &g[0]);
    for (int i = 0; i < 2; i++) {
      fprintf(stdout, "  subgraph cluster_%s {\n    label=", i ? "after" : "before");
      const char *base = strrchr(o->files[i], '/');
      dotString(stdout, base ? base + 1 : o->files[i]);
      fprintf(stdout, ";\n    fontsize=12;\n    color=\"#bbbbbb\";\n");
      writeGraph(stdout, &g[i], i ? "after/" : "before/", i ? "added" : "removed", o->types,
                 "    ");
      fprintf(stdout, "  }\n");
    }
  }
  fprintf(stdout, "}\n");
  return fflush(stdout) == 0;
}

int main(int argc, char **argv) {
  DrawOptions opt;
  int parsed = parseArgs(argc, argv, &opt);
  if (parsed >= 0)
    return parsed;
  MlirContext ctx;
  if (!pt2eToolContextCreate("pt2e-draw", opt.irdl, &ctx))
    return 1;
  Graph g[2];
  MlirModule m[2] = {{NULL}, {NULL}};
  memset(g, 0, sizeof g);
  bool ok = true;
  for (int i = 0; ok && i < opt.numFiles; i++)
    ok = loadGraph(ctx, opt.files[i], opt.entry, &g[i], &m[i]);
  int rc = ok && writeDot(g, &opt) ? 0 : 1;
  for (int i = 0; i < 2; i++) {
    freeGraph(&g[i]);
    if (!mlirModuleIsNull(m[i]))
      mlirModuleDestroy(m[i]);
  }
  mlirContextDestroy(ctx);
  return rc;
}
