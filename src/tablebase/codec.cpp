#include "tablebase/codec.hpp"

#include <fmt/format.h>
#include <zdict.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>

namespace catmouse::tablebase {

namespace {

constexpr std::size_t kPadding = 8;  // word reads may run this far past a bitmap's last byte

std::uint32_t width_for(std::uint32_t max_code) {
  return max_code < (1u << 8) ? 1 : max_code < (1u << 16) ? 2 : 4;
}

// Each code of `codes` with its count, the most frequent first (ties to the smaller code). Codes
// are small integers in practice (twice the remoteness): counted in an array up to a bound, sorted
// beyond it.
std::vector<std::pair<std::uint32_t, std::uint32_t>> histogram(
    std::span<const std::uint32_t> codes) {
  constexpr std::uint32_t kCounted = 4096;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> counts;  // (code, count)
  const std::uint32_t top = codes.empty() ? 0 : *std::max_element(codes.begin(), codes.end());
  if (top < kCounted) {
    std::vector<std::uint32_t> count(top + 1, 0);
    for (std::uint32_t c : codes) ++count[c];
    for (std::uint32_t c = 0; c <= top; ++c) {
      if (count[c] > 0) counts.emplace_back(c, count[c]);
    }
  } else {
    std::vector<std::uint32_t> sorted(codes.begin(), codes.end());
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < sorted.size();) {
      std::size_t j = i;
      while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
      counts.emplace_back(sorted[i], static_cast<std::uint32_t>(j - i));
      i = j;
    }
  }
  std::stable_sort(counts.begin(), counts.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return counts;
}

Error payload_error(std::string message) {
  return Error{"malformed block contents: " + std::move(message), {}};
}

}  // namespace

std::uint64_t max_payload_bytes(std::uint32_t states) {
  return 2 + kMaxPlanes * (4 + (std::uint64_t{states} + 7) / 8) + 4 * std::uint64_t{states};
}

void encode_payload(std::span<const std::uint32_t> codes, std::string& out) {
  // Planes: while the most frequent code left covers a quarter of the states left, a bitmap marks
  // its states and they leave. zstd's entropy stage spends at least a bit per byte, so a state
  // of the dominant code costs a bit in a byte of codes but an eighth of one in a bitmap; below a
  // quarter, another plane costs more than it saves (docs/performance.md). Removing a plane's
  // states leaves the other codes' counts alone, so one histogram chooses every plane.
  const auto counts = histogram(codes);
  std::vector<std::uint32_t> plane_codes;
  std::vector<std::size_t> bitmap_at;  // each plane's bitmap, as an offset in `out`
  std::size_t left = codes.size();
  std::size_t at = out.size() + 2;
  for (const auto& [code, count] : counts) {
    if (plane_codes.size() == kMaxPlanes || std::size_t{count} * 4 < left) break;
    plane_codes.push_back(code);
    at += 4;
    left -= count;
  }
  const auto planes = static_cast<std::uint32_t>(plane_codes.size());
  std::uint32_t top = 0;  // the largest code left after the planes
  for (std::size_t k = planes; k < counts.size(); ++k) top = std::max(top, counts[k].first);
  const std::uint32_t width = left == 0 ? 0 : width_for(top);
  std::size_t remaining = codes.size();
  for (std::uint32_t k = 0; k < planes; ++k) {
    bitmap_at.push_back(at);
    at += (remaining + 7) / 8;
    remaining -= counts[k].second;
  }
  const std::size_t rest_at = at;
  const std::size_t start = out.size();
  out.resize(rest_at + left * width, '\0');
  out[start] = static_cast<char>(planes);
  out[start + 1] = static_cast<char>(width);
  for (std::uint32_t k = 0; k < planes; ++k) {
    for (std::uint32_t i = 0; i < 4; ++i) {
      out[start + 2 + 4 * k + i] = static_cast<char>((plane_codes[k] >> (8 * i)) & 0xff);
    }
  }
  // A state of plane p is a 0 in the bitmaps of the planes before p and a 1 in p's; a state of
  // none is a 0 in every bitmap and a code in the rest. Plane by plane, one pass over the codes
  // still left writes the plane's bitmap 64 bits at a time (a bitmap's bytes are least
  // significant first, as a little-endian word's) and keeps the codes of other planes, without
  // a branch per state.
  std::vector<std::uint32_t> pending(codes.begin(), codes.end());
  std::size_t count = pending.size();
  for (std::uint32_t k = 0; k < planes; ++k) {
    char* bitmap = out.data() + bitmap_at[k];
    const std::uint32_t plane_code = plane_codes[k];
    std::size_t kept = 0;
    std::size_t j = 0;
    const auto take = [&](std::uint64_t& word, std::size_t bit) {
      const std::uint32_t code = pending[j++];
      const std::uint64_t hit = code == plane_code ? 1 : 0;
      word |= hit << bit;
      pending[kept] = code;
      kept += 1 - hit;
    };
    for (; j + 64 <= count;) {
      std::uint64_t word = 0;
      for (std::size_t bit = 0; bit < 64; ++bit) take(word, bit);
      std::memcpy(bitmap + (j / 64 - 1) * 8, &word, 8);
    }
    if (j < count) {
      std::uint64_t word = 0;
      const std::size_t at = j / 64 * 8, bits = count - j;
      for (std::size_t bit = 0; bit < bits; ++bit) take(word, bit);
      for (std::size_t b = 0; 8 * b < bits; ++b) {
        bitmap[at + b] = static_cast<char>((word >> (8 * b)) & 0xff);
      }
    }
    count = kept;
  }
  char* rest = out.data() + rest_at;
  for (std::size_t j = 0; j < count; ++j) {
    for (std::uint32_t i = 0; i < width; ++i)
      *rest++ = static_cast<char>((pending[j] >> (8 * i)) & 0xff);
  }
}

std::uint8_t* Payload::prepare(std::size_t capacity) {
  // Grown, never shrunk nor cleared: parse() reads only the bytes decompressed into it, and the
  // padding past them (zeroed) for word reads.
  if (buffer_.size() < capacity + kPadding) buffer_.resize(capacity + kPadding);
  std::fill_n(buffer_.begin() + static_cast<std::ptrdiff_t>(capacity), kPadding, 0);
  return buffer_.data();
}

template <class Word>
std::uint32_t max_of(const std::uint8_t* p, std::uint32_t count) {
  Word top = 0;
  for (std::uint32_t j = 0; j < count; ++j) {
    Word w;
    std::memcpy(&w, p + std::size_t{j} * sizeof(Word), sizeof(Word));
    top = std::max(top, w);
  }
  return top;
}

std::uint32_t Payload::rest_max(std::uint32_t count) const {
  const std::uint8_t* p = buffer_.data() + rest_;
  switch (width_) {
    case 1:
      return max_of<std::uint8_t>(p, count);
    case 2:
      return max_of<std::uint16_t>(p, count);
    case 4:
      return max_of<std::uint32_t>(p, count);
  }
  return 0;
}

std::uint32_t Payload::rest(std::uint32_t j) const {
  const std::uint8_t* p = buffer_.data() + rest_ + std::size_t{j} * width_;
  std::uint32_t v = 0;
  for (std::uint32_t i = 0; i < width_; ++i) v |= std::uint32_t{p[i]} << (8 * i);
  return v;
}

Status Payload::parse(std::size_t bytes, std::uint32_t states, std::uint64_t max_code) {
  states_ = states;
  planes_.clear();
  prefix_.clear();
  if (bytes < 2 || bytes + kPadding > buffer_.size()) return payload_error("too short");
  const std::uint32_t planes = buffer_[0];
  width_ = buffer_[1];
  if (planes > kMaxPlanes) return payload_error(fmt::format("{} planes", planes));
  if (width_ != 0 && width_ != 1 && width_ != 2 && width_ != 4) {
    return payload_error(fmt::format("codes of {} bytes", width_));
  }
  std::size_t at = 2 + std::size_t{planes} * 4;
  if (at > bytes) return payload_error("too short");
  std::uint64_t left = states;
  for (std::uint32_t k = 0; k < planes; ++k) {
    const std::uint32_t code = static_cast<std::uint32_t>(buffer_[2 + 4 * k]) |
                               static_cast<std::uint32_t>(buffer_[3 + 4 * k]) << 8 |
                               static_cast<std::uint32_t>(buffer_[4 + 4 * k]) << 16 |
                               static_cast<std::uint32_t>(buffer_[5 + 4 * k]) << 24;
    if (code > max_code) return payload_error(fmt::format("code {} out of range", code));
    const std::size_t length = static_cast<std::size_t>((left + 7) / 8);
    if (at + length > bytes) return payload_error("too short");
    if (left % 8 != 0 && (buffer_[at + length - 1] >> (left % 8)) != 0) {
      return payload_error("bits set past the end of a plane");
    }
    planes_.push_back({code, at, prefix_.size()});
    std::uint32_t set = 0;
    for (std::uint32_t w = 0; std::uint64_t{w} * 64 < left; ++w) {
      prefix_.push_back(set);
      std::uint64_t bits = word(at, w * 64);
      const std::uint64_t end = left - std::uint64_t{w} * 64;
      if (end < 64) bits &= (std::uint64_t{1} << end) - 1;
      set += static_cast<std::uint32_t>(std::popcount(bits));
    }
    at += length;
    left -= set;
  }
  if ((left == 0) != (width_ == 0)) return payload_error("code width does not match");
  if (at + left * width_ != bytes) return payload_error("size does not match");
  rest_ = at;
  if (rest_max(static_cast<std::uint32_t>(left)) > max_code) {
    return payload_error("a code out of range");
  }
  return {};
}

std::uint32_t Payload::code(std::uint32_t j) const {
  for (const Plane& plane : planes_) {
    const std::uint64_t w = word(plane.bitmap, j);
    const std::uint32_t bit = j & 63;
    if ((w >> bit) & 1) return plane.code;
    // The states left after this plane are numbered among themselves.
    j -= prefix_[plane.prefix + (j >> 6)] +
         static_cast<std::uint32_t>(std::popcount(w & ((std::uint64_t{1} << bit) - 1)));
  }
  return rest(j);
}

void Payload::decode(std::span<std::uint32_t> out) const {
  // A plane's bitmap covers the states no plane before it took, in order: `left` lists them (no
  // list while every state is left), and a bitmap is read a word at a time, its set bits taking
  // the plane's code and its clear bits staying left, in place (kept <= j throughout).
  std::vector<std::uint32_t> left;
  std::size_t count = states_;
  bool identity = true;
  for (const Plane& plane : planes_) {
    if (identity) left.resize(states_);
    std::size_t kept = 0;
    for (std::size_t j0 = 0; j0 < count; j0 += 64) {
      const std::size_t bits = std::min<std::size_t>(64, count - j0);
      const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
      const std::uint64_t w = word(plane.bitmap, static_cast<std::uint32_t>(j0)) & mask;
      for (std::uint64_t set = w; set != 0; set &= set - 1) {
        const std::size_t j = j0 + static_cast<std::size_t>(std::countr_zero(set));
        out[identity ? j : left[j]] = plane.code;
      }
      for (std::uint64_t clear = ~w & mask; clear != 0; clear &= clear - 1) {
        const std::size_t j = j0 + static_cast<std::size_t>(std::countr_zero(clear));
        left[kept++] = identity ? static_cast<std::uint32_t>(j) : left[j];
      }
    }
    identity = false;
    count = kept;
  }
  for (std::uint32_t j = 0; j < count; ++j) out[identity ? j : left[j]] = rest(j);
}

CompressionDictionary::CompressionDictionary(const std::string& dictionary, int level) {
  if (!dictionary.empty()) {
    dict_.reset(ZSTD_createCDict(dictionary.data(), dictionary.size(), level));
  }
}

Compressor::Compressor(int level, const CompressionDictionary& dictionary)
    : context_(ZSTD_createCCtx()) {
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_compressionLevel, level);
  // Our own checksums cover every block; the dictionary is the file's, named by nothing else.
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_checksumFlag, 0);
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_dictIDFlag, 0);
  ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_contentSizeFlag, 1);
  if (dictionary.get() != nullptr) ZSTD_CCtx_refCDict(context_.get(), dictionary.get());
}

Status Compressor::compress(std::string_view payload, std::string& out) {
  out.resize(ZSTD_compressBound(payload.size()));
  const std::size_t size =
      ZSTD_compress2(context_.get(), out.data(), out.size(), payload.data(), payload.size());
  if (ZSTD_isError(size)) return Error{fmt::format("zstd: {}", ZSTD_getErrorName(size)), {}};
  out.resize(size);
  return {};
}

Decompressor::Decompressor(const std::string& dictionary) : context_(ZSTD_createDCtx()) {
  if (!dictionary.empty()) {
    dict_.reset(ZSTD_createDDict(dictionary.data(), dictionary.size()));
    ZSTD_DCtx_refDDict(context_.get(), dict_.get());
  }
}

Status Decompressor::decompress(Bytes frame, std::uint32_t states, std::uint64_t max_code,
                                Payload& payload) {
  const unsigned long long size = ZSTD_getFrameContentSize(frame.data(), frame.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN) {
    return Error{"not a zstd frame with its size", {}};
  }
  if (size > max_payload_bytes(states)) return Error{"decompresses to too many bytes", {}};
  std::uint8_t* out = payload.prepare(static_cast<std::size_t>(size));
  const std::size_t got = ZSTD_decompressDCtx(context_.get(), out, static_cast<std::size_t>(size),
                                              frame.data(), frame.size());
  if (ZSTD_isError(got)) return Error{fmt::format("zstd: {}", ZSTD_getErrorName(got)), {}};
  if (got != size) return Error{"decompresses to fewer bytes than its frame says", {}};
  return payload.parse(got, states, max_code);
}

std::string train_dictionary(const std::string& joined, const std::vector<std::size_t>& sizes,
                             std::size_t capacity) {
  std::string dictionary(capacity, '\0');
  const std::size_t size =
      ZDICT_trainFromBuffer(dictionary.data(), dictionary.size(), joined.data(), sizes.data(),
                            static_cast<unsigned>(sizes.size()));
  if (ZDICT_isError(size)) return {};
  dictionary.resize(size);
  return dictionary;
}

}  // namespace catmouse::tablebase
