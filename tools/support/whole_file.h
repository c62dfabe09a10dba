/*
** whole_file.h
** Reads a whole file into memory, for the programs that parse a document
** at once (json-check, qparams-check's JSON mode).
*/
#ifndef PT2E_WHOLE_FILE_H
#define PT2E_WHOLE_FILE_H

#include <stddef.h>

/*
** The bytes of 'path' ("-": standard input), '*len' of them, in a buffer
** the caller frees with pt2eFree (never NULL on success, even when empty).
** NULL when the file cannot be opened or read or memory runs out, with
** errno saying why (ENOMEM for memory); nothing is printed.
*/
unsigned char *pt2eWholeFileRead(const char *path, size_t *len);

#endif /* PT2E_WHOLE_FILE_H */
