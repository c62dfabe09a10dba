/*
** kernels_window.h
** The sliding-window kernels of kernels.c on plain arrays (kernels_window.c):
** depthwise convolution and pooling, vectorised along the output row and
** split over the worker pool by (image, channel) plane. No MLIR: used by
** kernels.c and by the unit tests. (An NCHW convolution's im2col rows are
** made by kernels.c while the sgemm packs them.)
**
** Each output's sum is the loop nest's (docs/kernels.md): init, then one
** rounded product and one rounded sum (never a fused multiply-add) per
** window position, (kh, kw) in row-major order. The vector lanes are
** different outputs, and a thread owns whole planes, so neither the vector
** width nor the thread count can change a bit.
*/
#ifndef PT2E_INTERP_KERNELS_WINDOW_H
#define PT2E_INTERP_KERNELS_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

/*
** A 2-D window op: N images of C channels, H x W in (padded), OH x OW out,
** a KH x KW window with strides sh, sw and dilations dh, dw.
**
** padded: x is the tensor before a tensor.pad of one value, XH x XW, that
** the op reads through (kernels.c): element (h, w) of the H x W input is
** x[h - padTop][w - padLeft] inside x and padValue outside, as the pad
** would have written it. Otherwise x is H x W (XH, XW unused).
*/
typedef struct Pt2eWindow {
  int64_t N, C, H, W, OH, OW, KH, KW, sh, sw, dh, dw;
  bool padded;
  int64_t XH, XW, padTop, padLeft;
  float padValue;
} Pt2eWindow;

/* The kernels below return false only when a padded input's scratch
** (one padded plane per thread, or one pixel of padding) cannot be had. */

/* y (holding the init) += depthwise x * w: NCHW x, CHW w (C, KH, KW). */
bool pt2eDepthwiseNchw(const Pt2eWindow *s, const float *x, const float *w,
                       float *y);
/* The same on NHWC x and HWC w (KH, KW, C). */
bool pt2eDepthwiseNhwc(const Pt2eWindow *s, const float *x, const float *w,
                       float *y);
/* Pooling into y (holding the init): max as arith.maximumf (NaN
** propagates, -0 < +0) or sum, NCHW or NHWC. */
bool pt2ePool(const Pt2eWindow *s, bool nchw, bool max, const float *x,
              float *y);

/*
** For tests and benchmarks: the widest vector code the kernels may use
** (0: the best the CPU has, also the default; 1: the portable loops;
** 2: AVX2; 3: AVX-512). PT2E_GEMM_SCALAR=1 in the environment selects the
** portable loops as it does for pt2eSgemm.
*/
void pt2eWindowConfigure(int level);

#endif /* PT2E_INTERP_KERNELS_WINDOW_H */
