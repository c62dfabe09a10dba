// Every option kind through the C++ bridge, with a test-only pass
// (options_pass.c) in a test plugin loaded into mlir-opt-22: values parse
// from the pipeline, defaults apply, and each bad value or missing required
// option fails before the pass runs, naming the pass and the option.
// RUN: %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options{count=3})' | FileCheck %s --check-prefix=DEFAULTS
// DEFAULTS: flag=0(set=0) count=3 ratio=0.5(set=0) name=''(set=0) items=[]
// RUN: %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options{flag=on count=-7 ratio=0x1p-12 name=calib.npz items=a,b,c})' | FileCheck %s --check-prefix=ALL
// ALL: flag=1(set=1) count=-7 ratio=0.000244141(set=1) name='calib.npz'(set=1) items=[a|b|c]

// RUN: not %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options)' 2>&1 | FileCheck %s --check-prefix=REQUIRED
// REQUIRED: error: pass 'pt2e-test-options': missing required option 'count'
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options{count=3.5})' 2>&1 | FileCheck %s --check-prefix=INT
// INT: error: pass 'pt2e-test-options': option 'count' expects an integer, got '3.5'
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options{count=1 ratio=fast})' 2>&1 | FileCheck %s --check-prefix=FLOAT
// FLOAT: error: pass 'pt2e-test-options': option 'ratio' expects a finite number, got 'fast'
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options{count=1 flag=2})' 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: error: pass 'pt2e-test-options': option 'flag' expects a bool (on/off, true/false, 1/0), got '2'
// RUN: not %mlir_opt --load-pass-plugin=%pt2e_test_plugin %s -o /dev/null --pass-pipeline='builtin.module(pt2e-test-options{count=1 colour=red})' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: pass 'pt2e-test-options': {{.*}}no such option colour

// The options and their descriptions are in --help, with defaults and
// "(required)" marked.
// RUN: %mlir_opt --load-pass-plugin=%pt2e_test_plugin --help | FileCheck %s --check-prefix=HELP
// HELP: --pt2e-test-options
// HELP-NEXT: --count=<int> {{.*}}a required integer (required)
// HELP-NEXT: --flag=<on|off> {{.*}}a switch (default: off)
// HELP-NEXT: --items=<a,b,...> {{.*}}a list
// HELP-NEXT: --name=<string> {{.*}}some text
// HELP-NEXT: --ratio=<float> {{.*}}a number (default: 0.5)
module {}
