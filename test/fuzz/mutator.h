/*
** mutator.h
** A structure-aware mutation for MLIR text (mutator.c): replace one number
** (an integer or float literal, or an extent in a shape such as the 3 of
** tensor<1x3x8xf32>) with a value that tends to break size arithmetic and
** range checks. The targets that read MLIR define LLVMFuzzerCustomMutator
** through it.
*/
#ifndef PT2E_FUZZ_MUTATOR_H
#define PT2E_FUZZ_MUTATOR_H

#include <stddef.h>
#include <stdint.h>

/*
** Mutates the 'size' bytes at 'data' (room for 'maxSize') and returns the
** new size, as LLVMFuzzerCustomMutator does: usually one number replaced,
** sometimes (and whenever no number fits) libFuzzer's own byte mutation.
*/
size_t fuzzMutateNumbers(uint8_t *data, size_t size, size_t maxSize,
                         unsigned seed);

#endif /* PT2E_FUZZ_MUTATOR_H */
