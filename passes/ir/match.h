/*
** match.h
** Structural recognisers (match.c): what an upstream op computes, read from
** its structure and never from names or locations. pt2e-annotate strings
** them into PT2E's patterns; pt2e-fold-batchnorm reads its BatchNorms with
** them.
**
** torch-mlir lowers one PyTorch op to several MLIR ops (a conv's padding is a
** tensor.pad, a relu6 is two clamp generics, a TOSA conv sits between two
** layout transposes), so these predicates look at one op at a time and the
** pass (annotate.c) strings them into PT2E's patterns.
*/
#ifndef PT2E_IR_MATCH_H
#define PT2E_IR_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

#include "ir_ops.h"

/*
** True when 'v' is computed from constants only (arith.constant, tosa.const,
** tensor.empty and ops of those): PT2E's get_attr weights and buffers.
*/
bool pt2eMatchIsConstant(MlirValue v);

/*
** True when 'v' is a parameter (PT2E's weights and buffers): computed from
** constants (pt2eMatchIsConstant), or, through layout ops, a function
** argument or an ml_program global, as StableHLO/JAX exports hold weights.
** Which arguments are weights is not written in such IR: an argument
** feeding a contraction's weight operand is taken as one.
*/
bool pt2eMatchIsParameter(MlirValue v);

/*
** True when the float 'v' is integer data made float: an int-to-float
** conversion (arith.sitofp / uitofp in a linalg body, tosa.cast from an
** integer tensor) of anything but an integer splat, maybe behind layout
** ops. Positions, ids: torch.arange(...).float() is a graph computation in
** PyTorch, never a parameter, even where the frontend folded the arange
** into a constant (TOSA form) or an iota (linalg.index).
*/
bool pt2eMatchIsIntegerData(MlirValue v);

/*
** True when operand 1 of the contraction 'op' is a linear's weight: a
** constant (through layout ops), or an argument or global that reads none
** of the contraction's batch dims (a batch matmul of two arguments, Q times
** K transposed, has no weight; XNNPACKQuantizer annotates no matmul of two
** activations).
*/
bool pt2eMatchLinearWeight(MlirOperation op);

/* True for a ranked tensor of f32: what an observer can watch, and what
** XNNPACKQuantizer quantizes (its _is_input_non_float_tensor skips every
** input whose dtype is not torch.float32, e.g. the f64 variance torch-mlir
** writes for a decomposed LayerNorm). */
bool pt2eMatchIsF32Tensor(MlirValue v);

/*
** Runs the body of the linalg op 'op' on the numbers 'args' (one per block
** argument: inputs, then inits) in double precision, and writes what it
** yields: how a body is recognised by what it computes (any order of its
** ops, any spelling of a relu or a batch norm), never by its text. False
** when the body holds an op this evaluator does not know, more than 8
** arguments, or a value it cannot tell (a constant that is not a float).
*/
bool pt2eMatchEvalBody(MlirOperation op, const double *args, double *out);

/* Reads a constant splat float behind 'v' (through reshapes, broadcasts and
   linalg.fill). */
bool pt2eMatchSplat(MlirValue v, double *out);

/*
** True when 'op' clamps its activation operand 'in' elementwise into
** [lo, hi] (-inf / +inf when unbounded, at least one bound finite):
** tosa.clamp, tosa.maximum / minimum with a constant, or a linalg.generic
** whose body computes a clamp (maximumf / minimumf, or cmpf + select).
*/
bool pt2eMatchClamp(MlirOperation op, MlirValue *in, double *lo, double *hi);

typedef enum Pt2eMatchBinary {
  Pt2eMatchNotBinary,
  Pt2eMatchAdd, /* operand 0 + operand 1 */
  Pt2eMatchMul, /* operand 0 * operand 1 */
  Pt2eMatchSub, /* operand 0 - operand 1 (TOSAQuantizer annotates it) */
  Pt2eMatchMax, /* maximum(operand 0, operand 1) (also a relu's form when
                   one operand is a zero tensor: callers check) */
  Pt2eMatchMin  /* minimum(operand 0, operand 1) */
} Pt2eMatchBinary;

/* tosa.add / mul / sub / maximum / minimum, or an elementwise
   linalg.generic computing a+b, a*b, a-b, max(a, b), min(a, b). */
Pt2eMatchBinary pt2eMatchBinaryOp(MlirOperation op);

/* Unary functions TOSAQuantizer annotates one to one (input and output). */
typedef enum Pt2eMatchUnary {
  Pt2eMatchNotUnary,
  Pt2eMatchSigmoid, /* 1 / (1 + exp(-x)) */
  Pt2eMatchTanh,
  Pt2eMatchExp
} Pt2eMatchUnary;

/* tosa.sigmoid / tanh / exp, or an elementwise generic of one input whose
   body computes one of them (evaluated on samples). */
Pt2eMatchUnary pt2eMatchUnaryOp(MlirOperation op);

/*
** An elementwise linalg.generic / map of one f32 input whose body yields
** arith.addf or arith.mulf of that input and a scalar constant (captured
** or in the body, maybe through truncf / extf): torch-mlir's form of
** aten.add.Tensor / aten.mul.Tensor with a Python float (x + eps). Only
** the literal add or mul: a divf by a constant (a mean's / N) is not one.
*/
Pt2eMatchBinary pt2eMatchScalarBinaryOp(MlirOperation op);

/*
** True when 'op' is an elementwise op of 'in' and constant tensors made of
** arithmetic only (bias add, batch norm in eval form): it can join the
** conv or linear that produced 'in'. A lower-rank function argument or
** global broadcast to the result counts as a constant (a bias of a
** StableHLO export). With 'channel' >= 0, every constant may vary only
** along that dim of the result (a conv's or a linear's output channels: a
** bias, a batch norm's scale), never along another (a row-broadcast add
** after a matmul is no bias); -1 takes any.
*/
bool pt2eMatchAffine(MlirOperation op, MlirValue in, int channel);

/*
** True when 'op' is a scale by a constant of its only input 'in' (the
** division of a mean): a linalg.generic of a*c, or tosa.mul by a splat.
*/
bool pt2eMatchScale(MlirOperation op, MlirValue in);

/*
** True when 'op' sums its one input over the last two dims of a rank-4
** tensor into a rank-4 result with 1x1 there (adaptive_avg_pool2d(1) as
** torch-mlir lowers it, before the division), or over any dims ('*global'
** false) for other reductions. TOSA: tosa.reduce_sum.
*/
bool pt2eMatchSum(MlirOperation op, bool *global);

/* tosa.transpose with perms 'p' (length 'n'). */
bool pt2eMatchTranspose(MlirOperation op, const int32_t *p, int n);
/* The same, or a tosa.reshape that moves every element where that
** transpose would (only size-1 dims move: torch-mlir writes a conv's
** NHWC -> NCHW so on a 1x1 output). pt2e-fold-batchnorm only, so far:
** annotate's conv tails taking it absorbed an SE block's hardsigmoid +3 as
** a bias and lost that conv (test/corpus se), to be done with that fixed. */
bool pt2eMatchTransposeOrItsReshape(MlirOperation op, const int32_t *p, int n);

/* A reshape (tosa.reshape, tensor.expand_shape / collapse_shape) that only
   adds or removes unit dims. */
bool pt2eMatchUnitReshape(MlirOperation op);

/* A reshape of a rank >= 3 tensor that merges every dim but the last, as
   torch-mlir writes a linear's N-d input: tensor.collapse_shape [B, T, C]
   -> [B*T, C], or tosa.reshape to that or (for tosa.matmul) [1, B*T, C]. */
bool pt2eMatchFlattenLeading(MlirOperation op);

/* Its inverse: tensor.expand_shape [B*T, C] -> [B, T, C], tosa.reshape
   [B*T, C] or [1, B*T, C] -> [B, T, C]. */
bool pt2eMatchUnflattenLeading(MlirOperation op);

/* A layout-only op: reshapes, transposes (also linalg.transpose's generic
   form), tensor.extract_slice. */
bool pt2eMatchLayout(MlirOperation op);

/* tensor.pad / tosa.pad. */
bool pt2eMatchPad(MlirOperation op);

/*
** torch-mlir's decomposition of aten.layer_norm seen from its rsqrt:
** mean = sum(x) * c, (x - mean) * rsqrt(...), then optionally * weight and
** + bias (constants), and the variance under the rsqrt when it is a mean
** of a square. Linalg generics or TOSA (tosa.reduce_sum, tosa.mul by 1/N,
** tosa.sub, tosa.rsqrt, tosa.mul, the variance through tosa.cast). XNNPACKQuantizer annotates no layer_norm, so none of these
** ops may be taken by the add / mul / mean patterns. Fills 'ops' (room for
** PT2E_LAYER_NORM_MAX_OPS) and returns their number, or 0 when 'rsqrt' is
** no such norm.
*/
enum { PT2E_LAYER_NORM_MAX_OPS = 15 };
int pt2eMatchLayerNorm(MlirOperation rsqrt, MlirOperation *ops);

/*
** True when 'op' multiplies an activation by a constant computed through
** an rsqrt: the 1 / sqrt(var + eps) of an eval BatchNorm written as a
** chain of elementwise ops (torch-mlir's decomposition of batch_norm).
*/
bool pt2eMatchBatchNormScale(MlirOperation op);

/*
** The chain of an eval BatchNorm around its scale op 'scale'
** (pt2eMatchBatchNormScale): the subtraction of the mean before it when
** 'scale' is its only reader, 'scale', then up to two affine ops after it
** (* gamma, + beta). Fills 'ops' (room for PT2E_BATCH_NORM_MAX_OPS) in
** order and returns their number, 0 when 'scale' is no such op.
*/
enum { PT2E_BATCH_NORM_MAX_OPS = 4 };
int pt2eMatchBatchNormChain(MlirOperation scale, MlirOperation *ops);

/*
** torch-mlir's decompositions of ops XNNPACKQuantizer annotates none of,
** seen from one op of each: gelu (erf or tanh form: one generic), silu
** (from its mul: x * sigmoid(x)), softmax (from its exp: max reduction,
** x - max, exp, sum, exp / sum, and _safe_softmax's cmpf / i1 and / select
** guard) and, around such a softmax, scaled_dot_product_attention's math
** path ((Q * s) @ (K^T * s), softmax, @ V, with their reshapes). In TOSA
** form: silu from its tosa.mul (x * tosa.sigmoid(x)), softmax from its
** tosa.exp (reduce_max, sub, exp, reduce_sum, reciprocal, mul, and the
** guard's cast / equal -inf / reduce_all / select), attention around it
** (tosa.reshape, the scale tosa.mul, K's tosa.transpose, tosa.matmul) and
** gelu from its tosa.erf or tosa.tanh: the cone of TOSA elementwise ops
** around it is evaluated at sample points and must compute gelu (erf or
** tanh form) of its one input, every op of it but the last feeding the cone
** only. Fills 'ops' (room for PT2E_DECOMPOSED_MAX_OPS), sets '*what' to the
** aten op's name and returns the number of ops, or 0. A user's own
** x * sigmoid(x) looks the same as silu and is taken as one
** (docs/annotate.md).
*/
enum { PT2E_DECOMPOSED_MAX_OPS = 32 };
int pt2eMatchDecomposed(MlirOperation op, MlirOperation *ops, const char **what);

/*
** True when 'op' is a convolution: a linalg op, named or generic (after
** linalg-generalize-named-ops, or as StableHLO lowers one), whose indexing
** maps are a convolution's (mlirLinalgIsAConvolutionOp) and whose body is
** out + in * filter; or tosa.conv2d / tosa.depthwise_conv2d. '*weightAxis'
** gets the axis of the filter (operand 1) that indexes the output channels
** (the depth of a depthwise conv), or -1 when no single axis does (a
** depthwise conv with a channel multiplier, as linalg writes it).
*/
bool pt2eMatchConv(MlirOperation op, int64_t *weightAxis);

/*
** The filter dims of a linalg convolution that index its output channels
** (output-channel and depth dims, in filter order) into 'dims' (room for
** 4); returns their number: 1 for a plain or depthwise conv, 2 for a
** grouped conv (G and F/G of conv_2d_ngchw_gfchw) or a depthwise conv with
** a channel multiplier (C and M); 0 when 'op' is no linalg convolution.
*/
int pt2eMatchConvChannelDims(MlirOperation op, int64_t *dims);

/*
** True when the linalg.generic 'op' computes exactly
** linalg.conv_2d_nchw_fchw, or with '*depthwise' set
** linalg.depthwise_conv_2d_nchw_chw: a convolution body, and the maps of
** that named op (in linalg-generalize-named-ops' loop order) for the
** strides and dilations MLIR infers (mlirLinalgInferConvolutionDimensions),
** written into 'strides' and 'dilations' (2 each).
*/
bool pt2eMatchNchwConv(MlirOperation op, bool *depthwise, int64_t *strides,
                       int64_t *dilations);

/*
** True when 'op' is a max pool: tosa.max_pool2d, or a linalg op, named or
** generic, with a convolution's maps (input, window, output) whose body
** keeps the larger of the input and the accumulator.
*/
bool pt2eMatchMaxPool(MlirOperation op);

/*
** The per-output-channel axis of a contraction's operand 'k' (the operand
** dim that indexes the result's last dim), or -1.
*/
int64_t pt2eMatchContractionAxis(MlirOperation op, intptr_t k);

/*
** The axis of operand 'k' of contraction 'op' that the contraction reduces
** (a linear weight's K: axis 0 of linalg.matmul's [K, N], axis 1 of
** tosa.matmul's [B, K, N]); -1 when there is none or more than one.
*/
int64_t pt2eMatchContractionReductionAxis(MlirOperation op, intptr_t k);

/*
** A cat written as a chain of tensor.insert_slice (torch-mlir before it
** wrote tensor.concat): 'last' is the chain's final insert; the sources go
** with unit strides into a tensor.empty, each insert but the last read by
** the next one only, whole along every dim but one, where they tile the
** destination exactly. Writes the sources in the order of their offsets
** into 'sources' (room for 'max') and that dim into '*dim'; returns their
** number (at least 2), or 0 when 'last' ends no such chain.
*/
enum { PT2E_CAT_MAX_INPUTS = 64 };
int pt2eMatchCatChain(MlirOperation last, MlirValue *sources, int max, int64_t *dim);

/*
** A cat as StableHLO's legalisation to linalg writes concatenate: a
** linalg.generic without inputs, all loops parallel, whose body reads
** tensors captured from around it with tensor.extract, each of the
** result's rank and shape but along one dim, where their sizes add up to
** the result's. Writes that dim into '*dim'; returns the number of tensors
** read (at least 2), or 0.
*/
int pt2eMatchConcatGeneric(MlirOperation op, int64_t *dim);

#endif /* PT2E_IR_MATCH_H */
