// Files written whole or not at all. Everything catmouse writes to a named file (tables, start
// lists, generated graphs, tablebase files) goes through here: the bytes go to a temporary file
// beside the target ("<path>.partial"), which commit() flushes, syncs to disk and renames over
// the target. Until then the target is untouched; a failure, or destruction without commit(),
// removes the temporary. A process killed outright leaves at most the ".partial" file, never a
// target that looks finished.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "catmouse/core/error.hpp"

namespace catmouse {

class AtomicFile {
 public:
  // Opens the temporary for `path` (truncating one a killed run left). Errors name the file.
  static Result<AtomicFile> create(std::string path);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&& other) noexcept;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();  // removes the temporary unless committed

  const std::string& path() const { return path_; }
  const std::string& temporary_path() const { return temporary_; }
  // The open temporary, for writers that format into a FILE*; check with write()'s rules.
  std::FILE* stream() { return file_; }

  // Appends bytes; the error names the file and the reason ("No space left on device").
  Status write(std::string_view bytes);
  // Flushes, syncs and renames the temporary over the target; then syncs the directory.
  Status commit();

 private:
  AtomicFile(std::string path, std::string temporary, std::FILE* file)
      : path_(std::move(path)), temporary_(std::move(temporary)), file_(file) {}
  void discard();

  std::string path_;
  std::string temporary_;
  std::FILE* file_ = nullptr;
};

// Writes `bytes` to `path` through an AtomicFile.
Status write_file_atomically(const std::string& path, std::string_view bytes);

}  // namespace catmouse
