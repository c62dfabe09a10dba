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

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

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

/// The output file of one run, written through a temporary file beside it.
struct AtomicOutput {
  std::string target; // the file -o named (links resolved)
  std::string temp;   // the file the driver writes; empty: not redirected
  std::string flag;   // the argument that now names 'temp'
};

/// Redirects -o to a temporary file when it names a regular file or a file
/// that does not exist yet ("-", devices and pipes are written as they are).
/// False, with a message, when no temporary file can be made there.
static bool redirectOutput(int argc, char **argv, std::vector<char *> &args,
                           AtomicOutput &out) {
  size_t offset = 0;
  int i = findOutputArg(argc, argv, &offset);
  if (i < 0)
    return true;
  std::string name(argv[i] + offset);
  struct stat st;
  bool exists = stat(name.c_str(), &st) == 0;
  if (name.empty() || name == "-" || (exists && !S_ISREG(st.st_mode)))
    return true;
  if (exists) { // write beside the real file, so that rename replaces it
    char *real = realpath(name.c_str(), nullptr);
    if (real) {
      name = real;
      free(real);
    }
  }
  llvm::StringRef dir = llvm::sys::path::parent_path(name);
  std::string pattern = (dir.empty() ? std::string(".") : dir.str()) + "/." +
                        llvm::sys::path::filename(name).str() + ".pt2e-XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  int fd = mkstemp(buf.data());
  if (fd < 0) {
    fprintf(stderr, "pt2e-opt: cannot create a temporary file beside '%s': %s\n",
            name.c_str(), strerror(errno));
    return false;
  }
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));
  close(fd);
  out.target = name;
  out.temp = buf.data();
  out.flag = offset ? std::string(argv[i], offset) + out.temp : out.temp;
  args[i] = out.flag.data();
  return true;
}

static AtomicOutput output;

/// The driver may exit() on its own (a bad command line): the temporary
/// file goes with it.
static void removeTemporaryOutput() {
  if (!output.temp.empty())
    unlink(output.temp.c_str());
}

/// Puts the finished output in place, or throws it away after a failure.
static int finishOutput(int code) {
  if (output.temp.empty())
    return code;
  if (code == 0 && rename(output.temp.c_str(), output.target.c_str()) != 0) {
    fprintf(stderr, "pt2e-opt: cannot replace '%s': %s\n",
            output.target.c_str(), strerror(errno));
    code = 1;
  }
  if (code == 0)
    output.temp.clear(); // renamed: nothing left to remove
  removeTemporaryOutput();
  output.temp.clear();
  return code;
}

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  pt2e::registerPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  std::vector<char *> args(argv, argv + argc);
  if (!redirectOutput(argc, argv, args, output))
    return 1;
  atexit(removeTemporaryOutput);
  bool hasIrdl = false;
  for (int i = 1; i < argc; ++i)
    hasIrdl |= namesIrdlFile(argv[i]);
  std::string irdlFlag = "--irdl-file=" + defaultIrdlFile(argv[0]);
  if (!hasIrdl)
    args.insert(args.begin() + 1, irdlFlag.data());
  args.push_back(nullptr);

  int code = mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()) - 1, args.data(),
      "pt2e-opt: MLIR optimizer driver with the pt2e quantization passes\n",
      registry));
  return finishOutput(code);
}
