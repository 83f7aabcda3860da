// Everything the library offers, in one include. Programs that want less include the headers of
// one layer: core (the game), io (reading and writing it), solve (engines and solutions), testing
// (graph sources for testing other solvers).
#pragma once

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/core/graph.hpp"
#include "catmouse/core/grid.hpp"
#include "catmouse/core/placement.hpp"
#include "catmouse/core/rules.hpp"
#include "catmouse/io/atomic_file.hpp"
#include "catmouse/io/format.hpp"
#include "catmouse/io/game_reader.hpp"
#include "catmouse/io/generate.hpp"
#include "catmouse/io/grid_format.hpp"
#include "catmouse/io/rules_json.hpp"
#include "catmouse/solve/cops.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/play.hpp"
#include "catmouse/solve/reference.hpp"
#include "catmouse/solve/solution.hpp"
#include "catmouse/solve/solve.hpp"
#include "catmouse/solve/table.hpp"
#include "catmouse/solve/verify.hpp"
#include "catmouse/testing/grid_search.hpp"
#include "catmouse/testing/search.hpp"
#include "catmouse/version.hpp"
