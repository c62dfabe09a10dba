/*
** batchnorm.h
** Folding an eval-mode BatchNorm into the convolution before it, in the
** float32 arithmetic of PyTorch 2.15 on CPU, so that the folded weight is
** bit for bit the one prepare_pt2e observes.
**
** Pure C: no MLIR inside. prepare_pt2e's _fuse_conv_bn_ calls
** torch.nn.utils.fusion.fuse_conv_bn_weights:
**
**   r = torch.rsqrt(var + eps)                   # eps: a Python float
**   w' = conv_w * (bn_w * r).reshape(-1, 1, ...)
**   b' = (conv_b - mean) * r * bn_w + bn_b       # conv_b None: zeros
**
** Each line is one IEEE binary32 operation per element, left to right:
** 'var + eps' adds eps rounded to float (ATen's add casts a Python scalar
** to the float32 op math type), and ATen's rsqrt on float32 is 1 / sqrt(x)
** (Vectorized<float>::rsqrt divides 1 by the correctly rounded square
** root; the scalar tail does the same). The module is built with
** -ffp-contract=off, so no two of these fuse into an FMA.
**
** A linear before a BatchNorm1d on a 2-D input (_fuse_linear_bn_ calls
** fuse_linear_bn_weights) scales the weight alike but rounds the bias in
** another order:
**
**   s = bn_w * torch.rsqrt(var + eps)
**   w' = linear_w * s.unsqueeze(-1)
**   b' = (linear_b - mean) * s + bn_b            # linear_b None: zeros
**
** prepare_qat_pt2e does not fold: torchao's _qat_conv_bn_pattern observes
** conv_w * (bn_w / torch.sqrt(var + 1e-5)).reshape(-1, 1, ...), with eps
** fixed at 1e-5 whatever the BatchNorm's eps ("TODO: allow setting eps").
*/
#ifndef PT2E_BATCHNORM_H
#define PT2E_BATCHNORM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The eps of torchao 0.18's QAT conv-bn pattern (qat_utils.py). */
#define PT2E_QAT_BN_EPS 1e-5

/* An eval-mode BatchNorm: its running statistics and affine parameters. */
typedef struct Pt2eBatchNorm {
  int64_t channels;
  const float *mean, *var; /* running_mean, running_var: 'channels' each */
  const float *weight;     /* gamma; NULL: ones (affine=False) */
  const float *bias;       /* beta; NULL: zeros */
  double eps;              /* as PyTorch holds it (a Python float) */
} Pt2eBatchNorm;

/*
** fuse_conv_bn_weights: scales 'weight' in place and writes the folded
** bias. 'weight' has 'numel' elements, row-major, whose output channel is
** (i / inner) % channels (OIHW: inner = I*H*W; TOSA's HWCM depthwise
** weight with multiplier 1: inner = 1). 'convBias' ('channels' values, NULL
** for a conv without bias) and 'bias' may be the same array. numel 0 (and
** 'weight' NULL) computes the bias alone.
*/
void pt2eFuseConvBnWeights(const Pt2eBatchNorm *bn, float *weight,
                           int64_t numel, int64_t inner,
                           const float *convBias, float *bias);

/*
** fuse_linear_bn_weights: the weight as above ('inner' is the input
** features of a [out, in] weight, 1 for TOSA's [1, in, out]), the bias
** (b - mean) * (gamma * rsqrt(var + eps)) + beta. torch has no default for
** a missing gamma / beta here (it fails); NULL gives ones / zeros.
*/
void pt2eFuseLinearBnWeights(const Pt2eBatchNorm *bn, float *weight,
                             int64_t numel, int64_t inner,
                             const float *linearBias, float *bias);

/*
** The weight prepare_qat_pt2e observes (torchao's _qat_conv_bn_pattern):
** weight[i] * (gamma / sqrt(var + 1e-5)) for its channel, in place; the
** same layout as above. bn->eps is not used (torchao fixes it).
*/
void pt2eScaleConvBnWeightQat(const Pt2eBatchNorm *bn, float *weight,
                              int64_t numel, int64_t inner);

#ifdef __cplusplus
}
#endif

#endif /* PT2E_BATCHNORM_H */
