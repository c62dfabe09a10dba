//===- pt2e-opt.cpp - mlir-opt with the pt2e passes and dialect -----------===//
//
// The same driver as mlir-opt (all upstream dialects and passes), with the
// pt2e passes registered before the command line is parsed, so that
// `pt2e-opt in.mlir --pt2e-toggle=observer=off` works as a flag, and with the
// pt2e dialect loaded from the IRDL file installed beside the binary
// (<prefix>/share/pt2e/pt2e.irdl.mlir) unless --irdl-file names another.
//
// Unlike mlir-opt, the output file named by -o is written atomically: the
// driver writes a temporary file beside it, which replaces the target only
// when the whole run succeeded. A failing pipeline leaves an existing file
// as it was, and -o may name the input (mlir-opt truncates the input it has
// mapped into memory, and dies of SIGBUS).
//
//===----------------------------------------------------------------------===//
#include "pass_bridge.h"
#include "pt2e_file.h"
#include "pt2e_foreign.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdio>
#include <cstdlib>
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

/// Where -o sends the output: the index of the argument holding the file
/// name and the offset of the name in it ("-o" "x", "-o=x", "--o=x"), or -1.
static int findOutputArg(int argc, char **argv, size_t *offset) {
  int found = -1;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef a(argv[i]);
    if (a == "--")
      break;
    if ((a == "-o" || a == "--o") && i + 1 < argc) {
      found = i + 1;
      *offset = 0;
      ++i;
    } else if (a.starts_with("-o=") || a.starts_with("--o=")) {
      found = i;
      *offset = a.find('=') + 1;
    }
  }
  return found; // the last one wins, as in LLVM's option parser
}

/// The output file of one run, written through a temporary file beside it
/// (pt2e_file.h): the driver is pointed at the temporary file.
static Pt2eOutput output;
static std::string outputFlag; // the argument that now names output.temp

/// Redirects -o to a reserved temporary file beside its target ("-",
/// devices and pipes are written as they are). False, with a message, when
/// no temporary file can be made there.
static bool redirectOutput(int argc, char **argv, std::vector<char *> &args) {
  size_t offset = 0;
  int i = findOutputArg(argc, argv, &offset);
  if (i < 0 || !argv[i][offset])
    return true;
  char err[PT2E_OUTPUT_ERROR_SIZE];
  if (!pt2eOutputReserve(&output, argv[i] + offset, err, sizeof err)) {
    fprintf(stderr, "pt2e-opt: %s\n", err);
    return false;
  }
  if (!output.temp[0])
    return true;
  outputFlag = std::string(argv[i], offset) + output.temp;
  args[i] = outputFlag.data();
  return true;
}

/// The driver may exit() on its own (a bad command line): the temporary
/// file goes with it.
static void removeTemporaryOutput() { pt2eOutputAbort(&output); }

/// Puts the finished output in place, or throws it away after a failure.
static int finishOutput(int code) {
  char err[PT2E_OUTPUT_ERROR_SIZE];
  if (code != 0) {
    pt2eOutputAbort(&output);
    return code;
  }
  if (!pt2eOutputPlace(&output, err, sizeof err)) {
    fprintf(stderr, "pt2e-opt: %s\n", err);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  pt2e::registerPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  std::vector<char *> args(argv, argv + argc);
  if (!redirectOutput(argc, argv, args))
    return 1;
  atexit(removeTemporaryOutput);
  bool hasIrdl = false;
  for (int i = 1; i < argc; ++i)
    hasIrdl |= namesIrdlFile(argv[i]);
  std::string irdlFlag = "--irdl-file=" + defaultIrdlFile(argv[0]);
  if (!hasIrdl)
    args.insert(args.begin() + 1, irdlFlag.data());
  args.push_back(nullptr);

  int n = static_cast<int>(args.size()) - 1;
  auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
      n, args.data(),
      "pt2e-opt: MLIR optimizer driver with the pt2e quantization passes\n",
      registry);
  // torch-mlir's own ops (tm_tensor.scan, ...): said where and what to do
  // before the parser stops at an unknown dialect (pt2e_foreign.h).
  if (pt2eReportForeignOps("pt2e-opt", inputFile.c_str()))
    return finishOutput(1);
  int code = mlir::asMainReturnCode(
      mlir::MlirOptMain(n, args.data(), inputFile, outputFile, registry));
  return finishOutput(code);
}
