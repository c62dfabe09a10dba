//===- pass_bridge.cpp - C pass declarations become MLIR passes -----------===//
//
// MLIR's C API creates passes without options. This bridge gives each pass
// declared in C (a Pt2ePassDecl) a real mlir::Pass with one MLIR option per
// declared option, so that options parse from pipeline strings, print in
// --help and --dump-pass-pipeline, and survive pass cloning. Values arrive
// from MLIR's parser as text; their meaning (what is a bool, int or float) is
// decided in C by pt2eOptionParse, and the pass's work is done by the C 'run'
// function. Nothing else lives here.
//
//===----------------------------------------------------------------------===//
#include "pass_bridge.h"

#include "pt2e_pass.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/Twine.h"

#include <memory>
#include <string>
#include <vector>

namespace {

static const char *valueDesc(Pt2eOptionKind kind) {
  switch (kind) {
  case Pt2eOptionBool: return "on|off";
  case Pt2eOptionInt: return "int";
  case Pt2eOptionFloat: return "float";
  case Pt2eOptionString: return "string";
  case Pt2eOptionList: return "a,b,...";
  }
  return "value";
}

class CPass : public mlir::Pass {
public:
  explicit CPass(const Pt2ePassDecl *decl)
      : Pass(mlir::TypeID::getFromOpaquePointer(decl), anchorOf(decl)),
        decl(decl) {
    declareOptions();
  }
  CPass(const CPass &other) : Pass(other), decl(other.decl) {
    declareOptions();
  }

  llvm::StringRef getName() const override { return decl->name; }
  llvm::StringRef getArgument() const override { return decl->argument; }
  llvm::StringRef getDescription() const override { return decl->summary; }

  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    for (size_t i = 0; i < decl->numDependentDialects; ++i)
      mlirDialectHandleInsertDialect(decl->dependentDialects[i](),
                                     wrap(&registry));
  }

  /// Parses the pipeline text with MLIR's parser, then checks each value
  /// with the C rules, so that a bad value fails while the pipeline is read.
  llvm::LogicalResult initializeOptions(
      llvm::StringRef options,
      llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)> errorHandler)
      override {
    auto named = [&](const llvm::Twine &msg) {
      return errorHandler("pass '" + llvm::Twine(decl->argument) +
                          "': " + msg);
    };
    if (failed(Pass::initializeOptions(options, named)))
      return mlir::failure();
    std::vector<Pt2eOptionValue> values;
    std::string err;
    if (!collectValues(values, err))
      return named(err);
    return mlir::success();
  }

  std::unique_ptr<mlir::Pass> clonePass() const override {
    return std::make_unique<CPass>(*this);
  }

protected:
  bool canScheduleOn(mlir::RegisteredOperationName opName) const override {
    return !getOpName() || opName.getStringRef() == *getOpName();
  }

  void runOnOperation() override {
    std::vector<Pt2eOptionValue> values;
    std::string err;
    if (!collectValues(values, err)) {
      getOperation()->emitError() << "pass '" << decl->argument << "': " << err;
      return signalPassFailure();
    }
    if (mlirLogicalResultIsFailure(decl->run(wrap(getOperation()),
                                             values.data())))
      signalPassFailure();
  }

private:
  static std::optional<llvm::StringRef> anchorOf(const Pt2ePassDecl *decl) {
    if (!decl->anchorOp || !*decl->anchorOp)
      return std::nullopt;
    return llvm::StringRef(decl->anchorOp);
  }

  /// One MLIR option per declared option; scalars are read as strings.
  void declareOptions() {
    for (size_t i = 0; i < decl->numOptions; ++i) {
      const Pt2eOptionDecl &o = decl->options[i];
      std::string help = o.description;
      if (o.defaultValue)
        help += std::string(" (default: ") + o.defaultValue + ")";
      if (o.required)
        help += " (required)";
      helps.push_back(std::make_unique<std::string>(std::move(help)));
      llvm::cl::desc desc(*helps.back());
      llvm::cl::value_desc vdesc(valueDesc(o.kind));
      if (o.kind == Pt2eOptionList) {
        scalars.emplace_back();
        lists.push_back(std::make_unique<ListOption<std::string>>(
            *this, o.name, desc, vdesc));
      } else {
        lists.emplace_back();
        scalars.push_back(
            std::make_unique<Option<std::string>>(*this, o.name, desc, vdesc));
      }
    }
  }

  /// Turns the current option texts into C values. The string and list
  /// views in 'values' borrow from this pass and 'listRefs'.
  bool collectValues(std::vector<Pt2eOptionValue> &values, std::string &err) {
    values.assign(decl->numOptions, Pt2eOptionValue());
    listRefs.assign(decl->numOptions, {});
    char msg[512];
    for (size_t i = 0; i < decl->numOptions; ++i) {
      const Pt2eOptionDecl &o = decl->options[i];
      Pt2eOptionValue &v = values[i];
      if (o.kind == Pt2eOptionList) {
        v.isSet = lists[i]->hasValue();
        for (const std::string &s : *lists[i])
          listRefs[i].push_back({s.data(), s.size()});
        v.listSize = listRefs[i].size();
        v.listValues = listRefs[i].data();
        if (!v.isSet && o.required) {
          err = std::string("missing required option '") + o.name + "'";
          return false;
        }
        continue;
      }
      Option<std::string> &opt = *scalars[i];
      // MLIR prints an unset option as 'name=' (--dump-pass-pipeline), so an
      // empty value of a non-string option reads as absent: printed
      // pipelines then parse back to the same pass.
      v.isSet = opt.hasValue() &&
                (o.kind == Pt2eOptionString || !opt.getValue().empty());
      MlirStringRef text;
      if (v.isSet) {
        text = {opt.getValue().data(), opt.getValue().size()};
      } else if (o.required) {
        err = std::string("missing required option '") + o.name + "'";
        return false;
      } else if (o.defaultValue) {
        text = mlirStringRefCreateFromCString(o.defaultValue);
      } else {
        continue;
      }
      if (!pt2eOptionParse(&o, text, &v, msg, sizeof msg)) {
        err = msg;
        return false;
      }
    }
    return true;
  }

  const Pt2ePassDecl *decl;
  std::vector<std::unique_ptr<std::string>> helps; // stable storage for desc
  std::vector<std::unique_ptr<Option<std::string>>> scalars;
  std::vector<std::unique_ptr<ListOption<std::string>>> lists;
  std::vector<std::vector<MlirStringRef>> listRefs;
};

} // namespace

void pt2e::registerPasses() {
  static bool done = false;
  if (done)
    return;
  done = true;
  size_t count = 0;
  const Pt2ePassDecl *const *decls = pt2eGetPassDecls(&count);
  for (size_t i = 0; i < count; ++i)
    registerPassDecl(decls[i]);
}

void pt2e::registerPassDecl(const Pt2ePassDecl *decl) {
  mlir::registerPass([decl]() -> std::unique_ptr<mlir::Pass> {
    return std::make_unique<CPass>(decl);
  });
}
