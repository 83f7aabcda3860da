// A small pool of worker threads for the kernels' many short parallel steps (a level
// may take microseconds, and a game may have thousands of levels): threads are started once per
// solve, and between steps they spin briefly before sleeping, so a step costs no thread start.
// A thread that cannot be started (std::system_error from std::thread) stops the ones already
// running and propagates: the caller turns it into an error value (thread_error()), never a hang.
// Internal to src/.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <thread>
#include <vector>

namespace catmouse::detail {

class WorkerPool {
 public:
  explicit WorkerPool(unsigned threads) {
    workers_.reserve(threads > 0 ? threads - 1 : 0);
    try {
      for (unsigned id = 1; id < threads; ++id) {
        workers_.emplace_back([this, id] { work(id); });
      }
    } catch (...) {
      // The destructor does not run for a constructor that throws: without this the started
      // workers would wait for a step forever and the members' destruction would join them.
      stop();
      throw;
    }
  }
  ~WorkerPool() { stop(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

  // Runs body(first, last, thread) over [0, count) in chunks on every thread (if `parallel`);
  // returns when all are done. Inline when there is one thread or one chunk.
  template <class Body>
  void run(bool parallel, std::size_t count, std::size_t chunk, const Body& body) {
    if (!parallel || workers_.empty() || count <= chunk) {
      if (count > 0) body(std::size_t{0}, count, 0u);
      return;
    }
    // The body stays on the caller's stack: a pointer and a trampoline, no allocation per step.
    job_ = &body;
    invoke_ = [](const void* job, std::size_t first, std::size_t last, unsigned thread) {
      (*static_cast<const Body*>(job))(first, last, thread);
    };
    count_ = count;
    chunk_ = chunk;
    next_.store(0);
    pending_.store(static_cast<unsigned>(workers_.size()));
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    drain(0);
    while (pending_.load(std::memory_order_acquire) != 0) std::this_thread::yield();
    job_ = nullptr;
  }

 private:
  void stop() {
    stop_.store(true);
    generation_.fetch_add(1);
    generation_.notify_all();
    workers_.clear();  // joins, while the members the workers read still exist
  }

  void drain(unsigned id) {
    for (;;) {
      const std::size_t first = next_.fetch_add(chunk_, std::memory_order_relaxed);
      if (first >= count_) return;
      invoke_(job_, first, std::min(count_, first + chunk_), id);
    }
  }

  void work(unsigned id) {
    std::uint64_t seen = 0;
    for (;;) {
      // Wait for the next step: spin a little, then yield for a while, then sleep. Steps follow
      // each other closely (a level of a deep game may take a few microseconds), and a worker
      // woken from sleep would come too late to take part in one; yielding rather than spinning
      // on lets the caller's thread run if the system gives both one core.
      const auto idle = std::chrono::steady_clock::now();
      for (unsigned spin = 0; generation_.load(std::memory_order_acquire) == seen; ++spin) {
        if (spin < kSpins) {
          pause();
        } else if (spin % 16 != 0 || std::chrono::steady_clock::now() - idle < kYieldFor) {
          std::this_thread::yield();
        } else {
          generation_.wait(seen, std::memory_order_acquire);
        }
      }
      seen = generation_.load(std::memory_order_acquire);
      if (stop_.load()) return;
      drain(id);
      pending_.fetch_sub(1, std::memory_order_acq_rel);
    }
  }

  static constexpr unsigned kSpins = 2000;
  static constexpr std::chrono::microseconds kYieldFor{500};
  // A hint to the core that this is a spin loop (it lets the other hardware thread run).
  static void pause() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }

  std::vector<std::jthread> workers_;
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<bool> stop_{false};
  const void* job_ = nullptr;
  void (*invoke_)(const void*, std::size_t, std::size_t, unsigned) = nullptr;
  std::size_t count_ = 0;
  std::size_t chunk_ = 1;
  std::atomic<std::size_t> next_{0};
  std::atomic<unsigned> pending_{0};
};

}  // namespace catmouse::detail
