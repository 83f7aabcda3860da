// A private folder in the temporary folder ($TMPDIR, else /tmp), removed with what is in it: where
// a command puts the big files it makes only for itself (a save to a pipe, a table streamed
// through a file).
#pragma once

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "commands.hpp"

namespace catmouse::cli {

class ScratchFolder {
 public:
  ScratchFolder() {
    std::error_code error;
    std::filesystem::path base = std::filesystem::temp_directory_path(error);
    if (error) base = "/tmp";
    std::string name = (base / "catmouse-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) {
      throw ResourceError(fmt::format("{}: cannot make a temporary folder: {}", base.string(),
                                      std::strerror(errno)));
    }
    path_ = name;
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
};

}  // namespace catmouse::cli
