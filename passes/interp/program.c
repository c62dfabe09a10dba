/*
** program.c
** A compiled program as data (Program, interp_internal.h): what the files
** above it may ask of one (which slots hold the same value on every run)
** and its destruction. Below the compiler, the run loop and the ops, so
** that a kernel asking about a slot calls no file that calls it.
*/
#include "interp_internal.h"

void pt2eProgramDestroy(Program *p) {
  if (!p)
    return;
  for (int i = 0; i < p->numInstrs; i++) {
    Instr *in = &p->code[i];
    if (in->freeData)
      in->freeData(in->data);
    pt2eFree(in->operands);
    pt2eFree(in->results);
    pt2eFree(in->release);
  }
  for (int s = 0; p->cache && s < p->numSlots; s++)
    pt2eTensorRelease(p->cache[s].tensor);
  pt2eFree(p->cache);
  pt2eFree(p->slotKind);
  pt2eFree(p->code);
  pt2eFree(p->slots);
  pt2eFree(p->argSlots);
  pt2eFree(p->resultSlots);
  pt2eFree(p);
}

bool pt2eProgramSlotIsConstant(const Program *p, int s) {
  return p->slotKind && s >= 0 && s < p->numSlots &&
         p->slotKind[s] == Pt2eSlotConstant;
}
