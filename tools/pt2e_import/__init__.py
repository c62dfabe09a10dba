"""tools/pt2e-import: a user's PyTorch or ONNX model into pt2e-mlir's MLIR.

One module per job: inputs (the --input specs), source (loading the model),
pitfalls (what torch-mlir's import trips on, and what was done about it),
calibration (batches from the user's data into calib.npz), to_mlir (torch
or ONNX to linalg/TOSA MLIR, refusals naming the op), torchao_side (torchao's
prepare_pt2e/convert_pt2e on the same model and data, as pt2e-report JSON),
main (the command line)."""
