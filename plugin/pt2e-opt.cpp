//===- pt2e-opt.cpp - mlir-opt with the pt2e passes and dialect -----------===//
//
// The same driver as mlir-opt (all upstream dialects and passes), with the
// pt2e passes registered before the command line is parsed, so that
// `pt2e-opt in.mlir --pt2e-toggle=observer=off` works as a flag, and with the
// pt2e dialect loaded from the IRDL file installed beside the binary
// (<prefix>/share/pt2e/pt2e.irdl.mlir) unless --irdl-file names another.
//
//===----------------------------------------------------------------------===//
#include "pass_bridge.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <string>
#include <vector>

/// The IRDL file at <dir of this binary>/../share/pt2e/pt2e.irdl.mlir.
static std::string defaultIrdlFile(const char *argv0) {
  std::string exe =
      llvm::sys::fs::getMainExecutable(argv0, (void *)&defaultIrdlFile);
  llvm::SmallString<256> path(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(path, "..", "share", "pt2e", "pt2e.irdl.mlir");
  return std::string(path);
}

static bool namesIrdlFile(llvm::StringRef arg) {
  return arg.starts_with("--irdl-file") || arg.starts_with("-irdl-file");
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  pt2e::registerPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  std::vector<char *> args(argv, argv + argc);
  bool hasIrdl = false;
  for (int i = 1; i < argc; ++i)
    hasIrdl |= namesIrdlFile(argv[i]);
  std::string irdlFlag = "--irdl-file=" + defaultIrdlFile(argv[0]);
  if (!hasIrdl)
    args.insert(args.begin() + 1, irdlFlag.data());
  args.push_back(nullptr);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()) - 1, args.data(),
      "pt2e-opt: MLIR optimizer driver with the pt2e quantization passes\n",
      registry));
}
