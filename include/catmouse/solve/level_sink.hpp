// A one-cat solve's levels, handed out as the engine decides them and handed back to resume it
// (run(plan, sink, resume) in plan.hpp).
//
// The one-cat engines decide states level by level: level 0 holds the finished positions and the
// players who are stuck, and level L + 1 the states whose value follows from those of levels
// 0 .. L. A state's remoteness is the level that decides it, so a solve that hands each level's
// new states to a sink keeps only values itself: the sink holds the remoteness (the tablebase
// writer spills it to disk, the MPI exchange sends it to the other ranks). And the states of
// levels 0 .. L are all an engine holds after level L, so a solve can start over from them.
//
// What a LevelSink receives, in this order: the states of level 0, then end_level(0); the states
// of level 1, then end_level(1); and so on, every level once and in increasing order, each state
// exactly once. The last level handed out may be empty (the step that decided nothing, after
// which the solve ends). The calls come from one thread at a time, never concurrently.
#pragma once

#include <cstdint>
#include <functional>
#include <span>

#include "catmouse/core/game.hpp"

namespace catmouse {

// 64 states of the StateSpace numbering: bit j of `states` is state first + j; `mouse` marks
// those the mouse wins (the others of `states` the cat wins).
struct LevelWord {
  StateIndex first = 0;
  std::uint64_t states = 0;
  std::uint64_t mouse = 0;
};

// Receives each level's newly decided states (level 0: the finished positions and stuck players).
class LevelSink {
 public:
  virtual ~LevelSink() = default;
  // Words of the current level in increasing order of their states (the retrograde and small
  // engines: their rows are StateSpace's).
  virtual void add(const LevelWord& word) = 0;
  // One state of the current level, in any order (the frontier engine: its rows are relabelled);
  // the sink sorts them. An engine uses one of add() and add_state() for a whole level.
  virtual void add_state(StateIndex state, bool mouse) = 0;
  // The current level is complete; false stops the solve as SolveOptions::cancelled would (the
  // sink keeps its reason, and run() fails as cancelled).
  virtual bool end_level(std::uint32_t level) = 0;
};

// The levels 0 .. last_level() of a solve that stopped there, for an engine to resume from:
// given a replay, run() restores every state of those levels with its value (and the level as its
// remoteness) instead of seeding, and goes on from last_level() + 1; its sink then receives the
// levels after last_level() only. The solve is the same as one that never stopped: the same
// states in the same levels.
class LevelReplay {
 public:
  virtual ~LevelReplay() = default;
  virtual std::uint32_t last_level() const = 0;
  // Calls f(level, words) with every state of levels 0 .. last_level(), level after level, and
  // within a level in increasing order (words are 64-aligned); false when the levels cannot be
  // read (the replay keeps the reason), and the engine then stops as cancelled.
  using Visitor = std::function<void(std::uint32_t level, std::span<const LevelWord> words)>;
  virtual bool replay(const Visitor& f) = 0;
};

}  // namespace catmouse
