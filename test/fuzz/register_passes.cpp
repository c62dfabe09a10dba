//===- register_passes.cpp - the pt2e passes, for the fuzz targets --------===//
//
// The fuzz targets are C; the passes are registered through the C++ bridge.
//
//===----------------------------------------------------------------------===//
#include "pass_bridge.h"

extern "C" void fuzzRegisterPasses(void) { pt2e::registerPasses(); }
