/*
** constants.h
** Constant tensors read through the C API (constants.c): the elements of an
** arith.constant or a tosa.const, their count, an element as f32 or i64, a
** scalar. This is where a constant is read whatever its spelling: dense
** (dense<[...]>, a splat dense<1.0>, or the hex dense<"0x...">, which MLIR
** parses into the same attribute) and dense_resource (a blob, which a model
** may name without defining: such a constant has no data). Nothing here
** prints an attribute to read it.
*/
#ifndef PT2E_IR_CONSTANTS_H
#define PT2E_IR_CONSTANTS_H

#include <stdbool.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/*
** The elements attribute of the constant 'v' (its 'value' when an
** arith.constant makes it, its 'values' when a tosa.const does): a dense or
** dense_resource elements attribute. A null attribute for any other value
** (a block argument, another op, an arith.constant of a scalar).
*/
MlirAttribute pt2eConstElementsOf(MlirValue v);

/* The number of elements of the elements attribute 'a'. */
int64_t pt2eConstNumElements(MlirAttribute a);

/*
** Element 'i' of the f32 elements attribute 'a' (dense, a splat giving its
** one value for every 'i', or dense_resource). 'a' must hold data
** (pt2eConstIsF32).
*/
float pt2eConstF32At(MlirAttribute a, intptr_t i);

/*
** True when 'a' is a non-null elements attribute of f32 whose data is
** present (a dense_resource whose blob the file does not define has none),
** so that pt2eConstF32At may read it.
*/
bool pt2eConstIsF32(MlirAttribute a);

/*
** A scalar float constant: an arith.constant of a float, or a constant
** (pt2eConstElementsOf) of one f32 element with its data. Writes it to
** '*out'; false, leaving '*out' alone, for anything else.
*/
bool pt2eConstScalar(MlirValue v, double *out);

/*
** Element 'i' of 'a', a DenseI64ArrayAttr (an op's static sizes: strides,
** pads) or a dense integer elements attribute read as i64.
*/
int64_t pt2eConstI64At(MlirAttribute a, intptr_t i);

/*
** Element 'i' of 'a', a dense integer elements attribute of any width the
** quant dialect stores (4, 8, 16, 32, 64 bits; splat or not), sign-extended.
** An i4 element sits in a byte of its own whose high nibble MLIR may leave
** zero (a parsed -8 is 0x08): its low nibble is read, signed. The parser
** keeps a sub-channel type's zero points in the storage type, i4 among
** them; reading those as i64 reads past the attribute's bytes.
*/
int64_t pt2eConstIntAt(MlirAttribute a, intptr_t i);

/*
** True when 'a' is a dense (not dense_resource) elements attribute of
** integers whose elements, read as i32, are all zero: an int32 bias
** constant that holds nothing yet. False for a null attribute.
*/
bool pt2eConstIsZeroI32(MlirAttribute a);

#endif /* PT2E_IR_CONSTANTS_H */
