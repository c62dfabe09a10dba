//===- pass_bridge.h - C pass declarations become MLIR passes -------------===//
//
// Registers every pass declared in C (passes/pt2e_pass.h) with MLIR's pass
// registry, wrapped in a small mlir::Pass subclass that owns its options.
//
//===----------------------------------------------------------------------===//
#ifndef PT2E_PLUGIN_PASS_BRIDGE_H
#define PT2E_PLUGIN_PASS_BRIDGE_H

struct Pt2ePassDecl;

namespace pt2e {
/// Registers all pt2e passes; safe to call more than once.
void registerPasses();
/// Registers one pass declared in C (used by registerPasses, and by the
/// test plugin for its option-testing pass).
void registerPassDecl(const Pt2ePassDecl *decl);
} // namespace pt2e

#endif // PT2E_PLUGIN_PASS_BRIDGE_H
