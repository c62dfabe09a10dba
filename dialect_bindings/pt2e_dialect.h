/*
** pt2e_dialect.h
** Names, builders and accessors for the ops of the 'pt2e' dialect
** (defined in IRDL: dialect_bindings/pt2e.irdl.mlir).
**
** IRDL gives the dialect no C++ classes, so every pass works on generic
** operations; this header is the one place that knows op and attribute
** names, and what IRDL cannot verify (pt2eVerifyQuantOp).
*/
#ifndef PT2E_DIALECT_H
#define PT2E_DIALECT_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PT2E_DIALECT_NAME "pt2e"
#define PT2E_OBSERVER_OP "pt2e.observer"
#define PT2E_FAKE_QUANT_OP "pt2e.fake_quant"
#define PT2E_DYNAMIC_QDQ_OP "pt2e.dynamic_qdq"

/* Attribute names on pt2e.observer and pt2e.fake_quant. */
#define PT2E_ATTR_NAME "name"
#define PT2E_ATTR_SPEC "spec"
#define PT2E_ATTR_OBSERVER_ENABLED "observer_enabled"
#define PT2E_ATTR_FAKE_QUANT_ENABLED "fake_quant_enabled"
#define PT2E_ATTR_SCALE "scale"
#define PT2E_ATTR_ZERO_POINT "zero_point"
/* The statistics pt2e-calibrate keeps on an op, to continue from them: a
** dictionary of array<f32> entries (pt2e_calibrated.h checks them). */
#define PT2E_ATTR_STATS "stats"
#define PT2E_ATTR_STATS_MIN "min"
#define PT2E_ATTR_STATS_MAX "max"
#define PT2E_ATTR_STATS_HISTOGRAM "histogram"
/* ONNX Runtime kinds: the collected histogram (int64 counts, float32 edges) */
#define PT2E_ATTR_STATS_COUNTS "counts"
#define PT2E_ATTR_STATS_EDGES "edges"
/* Per-channel histograms of an ONNX Runtime kind: each channel's number of
** counts (its histogram is 'counts' and 'edges' channel after channel) */
#define PT2E_ATTR_STATS_CHANNEL_BINS "channel_bins"
/* What only a merge of calibration shards reads (pt2e_shard.h,
** docs/sharding.md): a moving average's update count and first values, a
** Histogram's start range and range changes in exact mode. */
#define PT2E_ATTR_STATS_UPDATES "updates"
#define PT2E_ATTR_STATS_FIRST_MIN "first_min"
#define PT2E_ATTR_STATS_FIRST_MAX "first_max"
#define PT2E_ATTR_STATS_START "start"
#define PT2E_ATTR_STATS_RANGES "ranges"
/* On the module: which batches of which data a calibrated module saw, and
** the fingerprint of the module it was calibrated from (pt2e_shard.h). */
#define PT2E_ATTR_CALIBRATION "pt2e.calibration"
#define PT2E_ATTR_CALIBRATION_BATCHES "batches"
#define PT2E_ATTR_CALIBRATION_TOTAL "total"
#define PT2E_ATTR_CALIBRATION_SOURCE "source"
#define PT2E_ATTR_CALIBRATION_OPTIONS "options"
#define PT2E_ATTR_CALIBRATION_FINGERPRINT "fingerprint"
#define PT2E_ATTR_CALIBRATION_EXACT "exact"

/*
** On a pt2e.observer / pt2e.fake_quant that shares its observer instance with
** an earlier one: the 'name' of that first op (PT2E registers one shared
** module under several activation_post_process_N names).
*/
#define PT2E_ATTR_INSTANCE "instance"
/* Keys of 'spec' that readers look at without parsing the spec (labels,
** telling a derived op apart); pt2e_spec.h parses the whole dictionary. */
#define PT2E_ATTR_SPEC_OBSERVER "observer"
#define PT2E_ATTR_SPEC_SHARED "shared"
#define PT2E_ATTR_SPEC_DERIVED_FROM "derived_from"
#define PT2E_ATTR_SPEC_FIXED "fixed"

/* On the quant.qcast / quant.scast that pt2e-convert makes of an observer:
** that observer's name (pt2e-report lists the Q-DQ pair under it). */
#define PT2E_ATTR_QDQ_NAME "pt2e.name"

/* Discardable attributes a quantizer (or a person) puts on annotated ops,
** and the keys of the annotation dictionary (docs/annotations.md);
** pt2e_annotation.h reads and writes them. */
#define PT2E_ATTR_ANNOTATION "pt2e.annotation"
#define PT2E_ATTR_ID "pt2e.id"
#define PT2E_ATTR_ANNOTATION_INPUTS "inputs"
#define PT2E_ATTR_ANNOTATION_OUTPUT "output"
#define PT2E_ATTR_ANNOTATION_SHARING "allow_implicit_sharing"

/* The two switches of a pt2e.fake_quant, as torchao's FakeQuantize has. */
typedef enum Pt2eSwitch {
  Pt2eSwitchObserver,  /* observer_enabled: statistics are updated */
  Pt2eSwitchFakeQuant  /* fake_quant_enabled: the output is quantized */
} Pt2eSwitch;

/*
** True when the 'pt2e' ops are known to 'ctx', i.e. the IRDL file was loaded
** (pt2e-opt does this itself; mlir-opt needs --irdl-file).
*/
bool pt2eDialectIsLoaded(MlirContext ctx);

/*
** Emits an error at 'loc' explaining how to load the dialect, unless it is
** loaded; returns whether it is.
*/
MlirLogicalResult pt2eDialectRequire(MlirContext ctx, MlirLocation loc,
                                     const char *passArgument);

/*
** For stand-alone tools: parses the IRDL file at 'path' and loads the
** dialects it defines into 'ctx'. On failure writes one line starting with
** the path into 'err' and returns false.
*/
bool pt2eDialectLoadIrdlFile(MlirContext ctx, const char *path, char *err,
                             size_t errSize);
/* The dialect file installed beside the running program:
** <its directory>/../share/pt2e/pt2e.irdl.mlir. */
void pt2eDialectDefaultIrdlPath(char *buf, size_t size);

bool pt2eIsObserver(MlirOperation op);
bool pt2eIsFakeQuant(MlirOperation op);
/* pt2e.observer or pt2e.fake_quant. */
bool pt2eIsQuantOp(MlirOperation op);

/*
** Checks what IRDL cannot: a ranked tensor of a float element type, a
** non-empty name, and, on fake_quant, scale and zero_point arrays of
** f32 / i64 of equal, non-zero length. Emits an error at the op otherwise.
*/
MlirLogicalResult pt2eVerifyQuantOp(MlirOperation op);

/* The op's 'name' attribute (borrowed from the context). */
MlirStringRef pt2eQuantOpGetName(MlirOperation op);

/* The op's 'spec' attribute (null when it has none), and the entry 'key'
** (a PT2E_ATTR_SPEC_* name) of it when it is a dictionary (null otherwise). */
MlirAttribute pt2eQuantOpGetSpec(MlirOperation op);
MlirAttribute pt2eQuantOpGetSpecEntry(MlirOperation op, const char *key);

/* The op's 'instance' (empty when it has none or it is not a string). */
MlirStringRef pt2eQuantOpGetInstance(MlirOperation op);
/* Sets 'instance' to 'firstName', the string attribute naming the first op
** of the instance. */
void pt2eQuantOpSetInstance(MlirOperation op, MlirAttribute firstName);
/*
** The name of the op that holds the observer instance 'op' feeds: the one
** its 'instance' names, or its own 'name' when it has no 'instance'.
*/
MlirStringRef pt2eQuantOpResolveInstance(MlirOperation op);

/*
** Emits "observer '<name>'" and then the printf-formatted text at the op
** (with a non-NULL 'who', a pass's name, "'<who>': " first); the text reads
** right after the name: " has no qparams", ": out of range". Returns
** failure. The one error helper for messages about one pt2e op.
*/
MlirLogicalResult pt2eQuantOpEmitError(MlirOperation op, const char *who,
                                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The 'pt2e.name' string attribute of a quant.qcast / quant.scast (null
** when it has none or it is not a string), and the named attribute that
** gives an op under construction one. */
MlirAttribute pt2eQdqGetName(MlirOperation op);
MlirNamedAttribute pt2eQdqNameAttr(MlirContext ctx, MlirStringRef name);

/* Reads / writes one switch of a verified pt2e.fake_quant. */
bool pt2eFakeQuantGetSwitch(MlirOperation op, Pt2eSwitch which);
void pt2eFakeQuantSetSwitch(MlirOperation op, Pt2eSwitch which, bool on);

/*
** Creates (unattached) 'pt2e.observer'(input) {name, spec}. The caller owns
** the result until it inserts it into a block.
*/
/*
** Creates "pt2e.dynamic_qdq"(input) {name, spec}: a dynamic observer after
** pt2e-convert (the qparams are chosen from the tensor when it runs).
*/
MlirOperation pt2eDynamicQdqOpCreate(MlirLocation loc, MlirValue input,
                                     MlirStringRef name, MlirAttribute spec);
bool pt2eIsDynamicQdq(MlirOperation op);

MlirOperation pt2eObserverOpCreate(MlirLocation loc, MlirValue input,
                                 MlirStringRef name, MlirAttribute spec);

/*
** Creates (unattached) 'pt2e.fake_quant'(input) with both switches on and
** torchao's initial qparams: 'numScales' entries of scale 1.0 and zero point
** 0 (numScales >= 1).
*/
MlirOperation pt2eFakeQuantOpCreate(MlirLocation loc, MlirValue input,
                                  MlirStringRef name, MlirAttribute spec,
                                  intptr_t numScales);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_DIALECT_H */
