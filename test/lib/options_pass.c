/*
** options_pass.c
** pt2e-test-options: a pass that exists only in the test plugin, declaring
** one option of every kind (one of them required), and printing what the
** bridge handed it. The lit tests in this folder use it to check option
** parsing, --help and the errors for every kind.
*/
#include <stdio.h>

#include "pt2e_pass.h"

enum { OptFlag, OptCount, OptRatio, OptName, OptItems, NumOptions };

static const Pt2eOptionDecl testOptions[NumOptions] = {
    [OptFlag] = {"flag", Pt2eOptionBool, "a switch", "off", false},
    [OptCount] = {"count", Pt2eOptionInt, "a required integer", NULL, true},
    [OptRatio] = {"ratio", Pt2eOptionFloat, "a number", "0.5", false},
    [OptName] = {"name", Pt2eOptionString, "some text", NULL, false},
    [OptItems] = {"items", Pt2eOptionList, "a list", NULL, false},
};

static MlirLogicalResult testRun(MlirOperation op, const Pt2eOptionValue *o) {
  (void)op;
  printf("flag=%d(set=%d) count=%lld ratio=%g(set=%d) name='%.*s'(set=%d) items=",
         o[OptFlag].boolValue, o[OptFlag].isSet, (long long)o[OptCount].intValue,
         o[OptRatio].floatValue, o[OptRatio].isSet,
         (int)o[OptName].stringValue.length, o[OptName].stringValue.data,
         o[OptName].isSet);
  for (size_t i = 0; i < o[OptItems].listSize; i++)
    printf("%s%.*s", i ? "|" : "[", (int)o[OptItems].listValues[i].length,
           o[OptItems].listValues[i].data);
  printf("%s\n", o[OptItems].listSize ? "]" : "[]");
  fflush(stdout);
  return mlirLogicalResultSuccess();
}

const Pt2ePassDecl pt2eTestOptionsPass = {
    .argument = "pt2e-test-options",
    .name = "Pt2eTestOptions",
    .summary = "Print the parsed options (test plugin only)",
    .anchorOp = "builtin.module",
    .options = testOptions,
    .numOptions = NumOptions,
    .dependentDialects = NULL,
    .numDependentDialects = 0,
    .run = testRun,
};
