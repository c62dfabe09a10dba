//===- test_plugin.cpp - a plugin with the option-testing pass ------------===//
//
// Built only for the tests: registers pt2e-test-options (options_pass.c)
// through the same bridge as the real plugin.
//
//===----------------------------------------------------------------------===//
#include "pass_bridge.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" const Pt2ePassDecl pt2eTestOptionsPass;

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Pt2eTestPasses", LLVM_VERSION_STRING,
          []() { pt2e::registerPassDecl(&pt2eTestOptionsPass); }};
}
