#include "static_files.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace catmouse::server {

namespace {

bool allowed_segment(const std::string& segment) {
  if (segment.empty() || segment[0] == '.') return false;
  for (const char c : segment) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
    if (!ok) return false;
  }
  return true;
}

// Whether NAME is one or more '/'-separated allowed segments.
bool allowed_name(const std::string& name) {
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = name.find('/', begin);
    if (!allowed_segment(name.substr(begin, end - begin))) return false;
    if (end == std::string::npos) return true;
    begin = end + 1;
  }
}

Response plain(int status, std::string text) {
  return Response{status, "text/plain; charset=utf-8", std::move(text), {{"Cache-Control", "no-cache"}}};
}

}  // namespace

std::optional<std::string> content_type_of(const std::string& name) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".json", "application/json"}};
  for (const auto& [suffix, type] : kTypes) {
    if (name.ends_with(suffix)) return type;
  }
  return std::nullopt;
}

Result<StaticFiles> StaticFiles::load(const std::string& dir) {
  namespace fs = std::filesystem;
  StaticFiles out;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec);
  if (ec) return Error{fmt::format("cannot read the page's folder {}: {}", dir, ec.message()), {}};
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) return Error{fmt::format("cannot read {}: {}", dir, ec.message()), {}};
    if (!it->is_regular_file(ec)) continue;
    const std::string name = it->path().lexically_relative(dir).generic_string();
    const auto type = content_type_of(name);
    if (!type || !allowed_name(name)) continue;
    std::ifstream file(it->path(), std::ios::binary);
    std::ostringstream content;
    content << file.rdbuf();
    if (!file) return Error{fmt::format("cannot read {}", it->path().string()), {}};
    out.files_[name] = File{*type, std::move(content).str()};
  }
  if (!out.files_.count("index.html")) {
    return Error{fmt::format("{} holds no index.html: it is not the page's folder", dir), {}};
  }
  return out;
}

Response StaticFiles::serve(const Request& request) const {
  if (request.method != "GET" && request.method != "HEAD") {
    Response out = plain(405, "method not allowed\n");
    out.headers.emplace_back("Allow", "GET, HEAD");
    return out;
  }
  std::string name;
  if (request.path == "/") {
    name = "index.html";
  } else if (request.path.starts_with("/static/")) {
    name = request.path.substr(8);
  }
  if (name.empty() || !allowed_name(name)) return plain(404, "not found\n");
  const auto it = files_.find(name);
  if (it == files_.end()) return plain(404, "not found\n");
  Response out{200, it->second.type, it->second.content, {}};
  out.headers.emplace_back("Cache-Control", "no-cache");
  return out;
}

}  // namespace catmouse::server
