// A private folder in the temporary folder ($TMPDIR, else /tmp), removed with what is in it, also
// when SIGINT, SIGTERM, SIGHUP or SIGPIPE ends the program (output.hpp's TemporaryGuard): where a
// command puts the big files it makes only for itself (a save to a pipe, a table streamed through
// a file).
#pragma once

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

#include "commands.hpp"
#include "output.hpp"

namespace catmouse::cli {

class ScratchFolder {
 public:
  ScratchFolder() {
    // Made and registered before a signal can end the program between the two.
    const EndingSignalsHeld held;
    std::error_code error;
    std::filesystem::path base = std::filesystem::temp_directory_path(error);
    if (error) base = "/tmp";
    std::string name = (base / "catmouse-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) {
      throw ResourceError(fmt::format("{}: cannot make a temporary folder: {}", base.string(),
                                      std::strerror(errno)));
    }
    path_ = name;
    guard_.emplace(path_, TemporaryKind::kFolder);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  ~ScratchFolder() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::optional<TemporaryGuard> guard_;  // released after the destructor has removed the folder
};

}  // namespace catmouse::cli
