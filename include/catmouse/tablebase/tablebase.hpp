// Tablebase files (.cmtb): a solved game kept on disk, probed without solving again. A file holds
// the game in full (graphs, rules, map) and the value and remoteness of every state, in
// independently compressed blocks, each with its checksum; docs/formats.md describes it byte by
// byte. Any table a Solution holds can be stored: one cat (the small and general engines, grid
// maps), k cats (pack) and cops and robbers (cops), with remoteness or values only.
//
// This header reads them: open a file, probe its positions, follow a line of best play, verify
// the whole file. Writing one (from a Solution, or solving straight into the file) is save.hpp.
//
// Files are written whole or not at all (io/atomic_file.hpp) and end in a footer, so a partial
// file is never taken for a finished one. A Tablebase reads only the blocks a query needs, keeps
// the last few in a small cache, and checks each block's checksum before using it: a corrupt
// block gives an error naming it, never a wrong answer.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catmouse/core/error.hpp"
#include "catmouse/core/game.hpp"
#include "catmouse/core/game_spec.hpp"
#include "catmouse/solve/options.hpp"
#include "catmouse/solve/solution.hpp"

namespace catmouse {

// The file name suffix, and the first bytes of every tablebase file.
inline constexpr std::string_view kTablebaseSuffix = ".cmtb";
// Whether `bytes` (a file's first bytes, 8 or more) open a tablebase file.
bool is_tablebase(std::string_view bytes);

// What a file's header says about its table.
struct TablebaseInfo {
  std::uint32_t format_version = 0;
  Engine engine = Engine::kAuto;   // the engine that solved the game
  bool has_remoteness = false;     // false: values only
  StateIndex states = 0;           // entries of the table (StateSpace numbering)
  Counts counts;                   // valid states by value, and the greatest remoteness
  std::uint32_t block_states = 0;  // states per block
  std::uint64_t blocks = 0;
  std::int32_t level = 0;  // the zstd level the blocks were written with
  std::uint64_t dictionary_bytes = 0;
  std::uint64_t board_hash = 0;  // XXH3-64 of the board's canonical bytes (encode in formats.md)
  std::uint64_t file_bytes = 0;
};

// What verify() found.
enum class TablebaseVerdict : std::uint8_t {
  kValid,       // every checksum and the certificate check passed
  kCorrupt,     // a checksum failed, or a stored value is wrong: `error` names the block
  kUnreadable,  // the file cannot be opened as a tablebase (Tablebase::open's error)
};

struct TablebaseCheck {
  TablebaseVerdict verdict = TablebaseVerdict::kValid;
  std::optional<Error> error;          // what is wrong (field: kBlock with index 17, kIndex, ...)
  std::optional<std::uint64_t> block;  // the first corrupt block, if one is to blame
};

class Tablebase {
 public:
  // Opens a file and checks its header (checksum, every field, the game it describes) and its
  // footer (the file is finished). Errors: the file cannot be read, is not a tablebase, is of a
  // newer format version, is truncated or unfinished, or its header or footer is corrupt; they
  // name the file.
  static Result<Tablebase> open(const std::string& path);
  // The same over a file's bytes in memory; `source` names it in errors.
  static Result<Tablebase> from_bytes(std::string bytes, std::string source = "<memory>");

  Tablebase(Tablebase&& other) noexcept;
  Tablebase& operator=(Tablebase&& other) noexcept;
  ~Tablebase();

  const std::string& source() const;
  const TablebaseInfo& info() const;
  const GameSpec& spec() const;
  const Game& game() const;
  bool has_remoteness() const { return info().has_remoteness; }
  Position start() const { return game().start_position(); }

  // The queries of Solution (solution.hpp), answered from the file: the same answers for the same
  // positions. They read the blocks they need; a block that fails its checksum or cannot be
  // decoded gives an error naming it (Location::field = ErrorField::kBlock, index = N) and no
  // answer. check() as Solution::check. The queries are safe to call from several threads.
  Status check(const Position& p) const;
  Result<StateValue> value(const Position& p, std::uint32_t played = 0) const;
  Result<std::vector<Move>> moves(const Position& p, std::uint32_t played = 0) const;
  Result<std::optional<Move>> best_move(const Position& p, std::uint32_t played = 0) const;
  Result<Line> line(const Position& p) const;

  // The queries answer what the file holds: a file whose blocks were rewritten and re-sealed
  // passes its checksums with any values in it. verify_state() checks one state as verify()
  // checks them all (solve/verify.hpp's certificate check): p's value and remoteness against the
  // rules (a finished position holds their outcome in 0, a stuck one the stuck rule's value) and
  // against its children as stored. An error with ErrorField::kState (detail: the position)
  // names the rule broken; a block that cannot be read gives its own error. Passing it does not
  // prove the table (only verify() does), but a state that passes holds nothing its children
  // contradict.
  Status verify_state(const Position& p) const;

  // Bounds what the queries keep (bytes, 0: no bound): the game, the last blocks read and the
  // index pages, whose caches shrink to fit. An error with ErrorField::kMemoryLimit when the game
  // and one block alone need more; the queries then keep their caches as they were.
  Status limit_query_memory(std::uint64_t memory_limit);

  // The whole table in memory, as solve() would return it (the seconds are 0); checks every block
  // on the way. Needs the memory of the table (solve/table.hpp: about 2.1 bytes per state with
  // remoteness, 0.25 without).
  // With a memory_limit (bytes, 0: none), a table that needs more (table_bytes()) is refused
  // before anything is allocated, with an error whose ErrorField is kMemoryLimit.
  Result<Solution> load(std::uint64_t memory_limit = 0) const;
  // The bytes load() allocates for the table the header claims.
  std::uint64_t table_bytes() const;

  // Checks the whole file: the index checksum, every block's checksum and contents, the counts of
  // the header against the table, and the certificate check of solve/verify.hpp, on `threads`
  // threads (0: one per hardware thread). One cat: streamed block by block, every block read
  // twice, in the memory of half the table at one byte per state while the greatest remoteness
  // is below 127 (two bytes below 32767, else four); k cats: the whole table in memory, as
  // load(). A failure names the first block that cannot be read, else the header's counts, else
  // the first state, in index order, that breaks a rule, and its block.
  // memory_limit (bytes, 0: none): a check that needs more (verify_bytes()) is kUnreadable with
  // the "memory_limit" error, before anything is allocated.
  TablebaseCheck verify(unsigned threads = 1, std::uint64_t memory_limit = 0) const;
  // The bytes verify() allocates on `threads` threads.
  std::uint64_t verify_bytes(unsigned threads = 1) const;

  // Whether `spec` describes the board of this file (the same graphs and map); the error says
  // how they differ. Rules are not compared.
  Status check_board(const GameSpec& spec) const;

  struct Impl;  // internal (src/tablebase/reader.hpp)

 private:
  explicit Tablebase(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  friend struct TablebaseAccess;  // src/tablebase's readers beside this class (export.cpp)
};

// Opens `path` and verifies it (Tablebase::verify); an unopenable file is kUnreadable.
TablebaseCheck verify_tablebase(const std::string& path, unsigned threads = 1);

}  // namespace catmouse
