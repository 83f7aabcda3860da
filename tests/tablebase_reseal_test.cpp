// The re-sealing fuzz target's harness (fuzz/tablebase_reseal.hpp): deterministic mutations of
// small valid files, re-sealed so that the decoders behind the checksums see them. Whatever the
// bytes, a file either fails to open with an error value or verifies to a verdict with a message.
#include "../fuzz/tablebase_reseal.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "catmouse/tablebase/tablebase.hpp"

namespace catmouse {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> seeds() {
  const fs::path corpus = fs::path(CATMOUSE_TEST_DATA) / "../../fuzz/corpus/tablebase_resealed";
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(corpus)) {
    std::ifstream in(entry.path(), std::ios::binary);
    files.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return files;
}

// xorshift64: the same mutations on every run and machine.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

std::string mutated(std::string bytes, Random& random) {
  const int edits = 1 + static_cast<int>(random.next() % 3);
  for (int e = 0; e < edits && !bytes.empty(); ++e) {
    const std::size_t at = random.next() % bytes.size();
    switch (random.next() % 6) {
      case 0:
        bytes[at] = static_cast<char>(bytes[at] ^ (1 << (random.next() % 8)));
        break;
      case 1:
        bytes[at] = static_cast<char>(random.next());
        break;
      case 2:
        bytes[at] = static_cast<char>(random.next() % 2 == 0 ? 0 : 0xff);
        break;
      case 3:
        bytes[at] = static_cast<char>(bytes[at] + (random.next() % 2 == 0 ? 1 : -1));
        break;
      case 4:
        bytes.erase(at, 1);
        break;
      default:
        bytes.insert(at, 1, static_cast<char>(random.next()));
        break;
    }
  }
  return bytes;
}

TEST(TablebaseReseal, IntactFilesAreUnchanged) {
  const std::vector<std::string> files = seeds();
  ASSERT_GE(files.size(), 4u);
  for (const std::string& bytes : files) {
    ASSERT_TRUE(Tablebase::from_bytes(bytes).ok()) << "a seed is stale: make it again";
    std::string copy = bytes;
    testing::reseal_tablebase(copy);
    EXPECT_EQ(copy, bytes) << "re-sealing an intact file must give the same bytes";
  }
}

TEST(TablebaseReseal, ResealedChangeGetsPastTheChecksums) {
  // A changed count in the header is caught by the header's field checks, not by its checksum.
  std::string bytes = seeds().front();
  bytes[64] = static_cast<char>(bytes[64] + 1);  // mouse wins
  ASSERT_FALSE(Tablebase::from_bytes(bytes).ok());
  testing::reseal_tablebase(bytes);
  const Result<Tablebase> opened = Tablebase::from_bytes(bytes);
  if (!opened.ok()) {
    EXPECT_EQ(opened.error().message.find("checksum mismatch"), std::string::npos)
        << opened.error().message;
  } else {
    const TablebaseCheck check = opened->verify();
    EXPECT_NE(check.verdict, TablebaseVerdict::kValid);
  }
}

TEST(TablebaseReseal, DeterministicMutationsNeverCrash) {
  const std::vector<std::string> files = seeds();
  Random random{0x9e3779b97f4a7c15ull};
  int opened = 0;
  int past_checksums = 0;
  // CATMOUSE_RESEAL_MUTATIONS=N runs N per seed instead (a long run by hand; ctest keeps 1000).
  const char* wanted = std::getenv("CATMOUSE_RESEAL_MUTATIONS");
  const int kPerSeed = wanted != nullptr ? std::atoi(wanted) : 1000;
  for (const std::string& seed : files) {
    for (int i = 0; i < kPerSeed; ++i) {
      std::string bytes = mutated(seed, random);
      testing::reseal_tablebase(bytes);
      Result<Tablebase> tablebase = Tablebase::from_bytes(bytes, "mutant.cmtb");
      if (!tablebase.ok()) {
        EXPECT_FALSE(tablebase.error().message.empty());
        if (tablebase.error().message.find("checksum") == std::string::npos) ++past_checksums;
        continue;
      }
      ++opened;
      const TablebaseCheck check = tablebase->verify();
      if (check.verdict != TablebaseVerdict::kValid) {
        ASSERT_TRUE(check.error.has_value()) << "a refusal without a message, mutation " << i;
        EXPECT_FALSE(check.error->message.empty());
        if (check.error->message.find("checksum") == std::string::npos) ++past_checksums;
      }
      (void)testing::read_resealed(bytes);
    }
  }
  // The mutations reach the decoders: many files open, and most refusals are not checksums.
  EXPECT_GT(opened, 100) << opened;
  EXPECT_GT(past_checksums, static_cast<int>(files.size()) * kPerSeed / 2) << past_checksums;
  std::printf("%zu seeds x %d mutations: %d opened, %d refused past the checksums\n", files.size(),
              kPerSeed, opened, past_checksums);
}

}  // namespace
}  // namespace catmouse
