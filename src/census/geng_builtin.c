/* nauty's geng, built into the census library (geng_driver.hpp, docs/census.md).
 *
 * geng.c is compiled here as nauty documents it for calling from a program (its GENG_MAIN and
 * OUTPROC features, callgeng2.c): its main() becomes catmouse_geng_main(), and each graph it
 * generates goes to catmouse_geng_graph() (geng_driver.cpp) as nauty's rows of bits, with no text
 * and no pipe. Debian's nauty is built thread-local (TLS_ATTR), and so are geng's own statics
 * when GENG_MAIN is defined: several threads may each run one geng at a time.
 *
 * geng has no way to stop early but its PRUNE hook, which it calls on every intermediate graph
 * and which rejects the graph (and so everything built on it) when it returns nonzero: once the
 * census asks to stop, the hook rejects everything and geng unwinds at once.
 *
 * geng's exported globals are renamed, so that no other C code linked with the census can meet
 * them. */
#define ONE_WORD_SETS
#include "gtools.h"

#define GENG_MAIN catmouse_geng_main
#define OUTPROC catmouse_geng_output
#define PRUNE catmouse_geng_prune
#define nautyformat catmouse_geng_nautyformat
#define graph6 catmouse_geng_graph6
#define sparse6 catmouse_geng_sparse6
#define nooutput catmouse_geng_nooutput
#define canonise catmouse_geng_canonise
#define quiet catmouse_geng_quiet
#define header catmouse_geng_header
#define nauty_stats catmouse_geng_nauty_stats
#define geng_mindeg catmouse_geng_mindeg
#define geng_maxdeg catmouse_geng_maxdeg
#define geng_mine catmouse_geng_mine
#define geng_maxe catmouse_geng_maxe
#define geng_connec catmouse_geng_connec
#define writeg6x catmouse_geng_writeg6x
#define writes6x catmouse_geng_writes6x
#define writenauty catmouse_geng_writenauty
#define nullwrite catmouse_geng_nullwrite

_Static_assert(sizeof(setword) == 4, "the census takes geng's rows as 32-bit words");

/* The census's side (geng_driver.cpp): takes one graph, returns nonzero to stop. */
int catmouse_geng_graph(const setword* rows, int n);

/* Whether this thread's geng is stopping. */
static TLS_ATTR int catmouse_geng_stopping;

static int catmouse_geng_prune(graph* g, int n, int maxn) {
  (void)g;
  (void)n;
  (void)maxn;
  return catmouse_geng_stopping;
}

static void catmouse_geng_output(FILE* f, graph* g, int n) {
  (void)f;
  if (!catmouse_geng_stopping) catmouse_geng_stopping = catmouse_geng_graph(g, n);
}

#include <geng.c>

/* geng -cq NODES RES/MOD on this thread; nonzero when catmouse_geng_graph() stopped it. */
int catmouse_geng_run(int nodes, unsigned res, unsigned mod) {
  char n_text[16], part_text[32];
  char program[] = "geng", flags[] = "-cq";
  char* argv[] = {program, flags, n_text, part_text, NULL};
  snprintf(n_text, sizeof n_text, "%d", nodes);
  snprintf(part_text, sizeof part_text, "%u/%u", res, mod);
  catmouse_geng_stopping = 0;
  catmouse_geng_main(4, argv);
  return catmouse_geng_stopping;
}

/* The nauty release geng is built from, with its word size: "nauty 2.8.6 (32 bits)". */
const char* catmouse_geng_version(void) {
  return "nauty " NAUTYVERSION;
}
