//===- plugin.cpp - the pt2e pass plugin's entry point --------------------===//
//
// `mlir-opt-22 --load-pass-plugin=pt2e_plugin.so` calls mlirGetPassPluginInfo,
// which registers the pt2e passes. No logic lives here.
//
//===----------------------------------------------------------------------===//
#include "pass_bridge.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK __attribute__((visibility("default")))
::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Pt2ePasses", LLVM_VERSION_STRING,
          []() { pt2e::registerPasses(); }};
}
