#include "layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace catmouse::server {

namespace {

// Four decimals are plenty on a screen and keep the game's JSON small.
double rounded(double v) {
  return std::round(v * 1e4) / 1e4;
}

// Scales the drawing by one factor and centres it so that its bounding box spans 0.9 in its
// longer direction.
std::vector<Point> normalised(const std::vector<double>& x, const std::vector<double>& y) {
  const auto [x0, x1] = std::minmax_element(x.begin(), x.end());
  const auto [y0, y1] = std::minmax_element(y.begin(), y.end());
  const double span = std::max(*x1 - *x0, *y1 - *y0);
  const double scale = span > 0 ? 0.9 / span : 1.0;
  const double cx = (*x0 + *x1) / 2;
  const double cy = (*y0 + *y1) / 2;
  std::vector<Point> out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    out[i] = {rounded(0.5 + (x[i] - cx) * scale), rounded(0.5 + (y[i] - cy) * scale)};
  }
  return out;
}

// Force-directed drawings leave a few pairs of nodes almost on top of each other, and the page
// sizes its discs so that no two overlap: one close pair would shrink every node to a dot. Pairs
// closer than 0.8 of the median nearest-neighbour distance are pushed apart along the line
// joining them, each node half the shortfall, for a bounded number of O(n^2) rounds.
void separate(std::vector<double>& x, std::vector<double>& y) {
  const std::size_t n = x.size();
  const double nn = static_cast<double>(n) * n;
  const int rounds = static_cast<int>(std::min(60.0, std::floor(1e8 / nn)));
  if (n < 3 || rounds == 0) return;
  std::vector<double> nearest(n, std::numeric_limits<double>::infinity());
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double d = std::hypot(x[i] - x[j], y[i] - y[j]);
      nearest[i] = std::min(nearest[i], d);
      nearest[j] = std::min(nearest[j], d);
    }
  }
  std::nth_element(nearest.begin(), nearest.begin() + n / 2, nearest.end());
  const double want = 0.8 * nearest[n / 2];
  if (!(want > 0)) return;
  for (int round = 0; round < rounds; ++round) {
    bool moved = false;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) {
        double ex = x[i] - x[j];
        double ey = y[i] - y[j];
        const double gap = std::hypot(ex, ey);
        if (gap >= want) continue;
        double d = gap;
        if (d == 0) {  // coincident: part them along a direction fixed by their numbers
          ex = std::cos(static_cast<double>(i + j));
          ey = std::sin(static_cast<double>(i + j));
          d = 1;
        }
        const double push = (want - gap) / 2 / d;
        x[i] += ex * push;
        y[i] += ey * push;
        x[j] -= ex * push;
        y[j] -= ey * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
}

}  // namespace

std::vector<Point> board_layout(NodeId node_count, NodeId rows, NodeId columns) {
  const double span = std::max(rows, columns);
  std::vector<Point> out(node_count);
  for (NodeId v = 0; v < node_count; ++v) {
    out[v] = {rounded((v % columns + 0.5) / span), rounded((v / columns + 0.5) / span)};
  }
  return out;
}

std::optional<std::vector<Point>> grid_family_layout(const Graph& graph) {
  const NodeId n = graph.node_count();
  const auto columns = static_cast<NodeId>(std::ceil(std::sqrt(static_cast<double>(n))));
  const NodeId rows = (n + columns - 1) / columns;
  for (NodeId u = 0; u < n; ++u) {
    for (const NodeId v : graph.neighbours(u)) {
      const NodeId a = std::min(u, v);
      const NodeId b = std::max(u, v);
      const bool across = b == a + 1 && a / columns == b / columns;
      if (!across && b != a + columns) return std::nullopt;
    }
  }
  return board_layout(n, rows, columns);
}

std::vector<Point> force_layout(const Graph& graph) {
  const NodeId n = graph.node_count();
  if (n == 0) return {};
  if (n == 1) return {{0.5, 0.5}};
  std::vector<double> x(n), y(n), dx(n), dy(n);
  const double golden = std::numbers::pi * (3 - std::sqrt(5.0));
  for (NodeId i = 0; i < n; ++i) {
    const double r = 0.45 * std::sqrt((i + 0.5) / n);
    x[i] = 0.5 + r * std::cos(i * golden);
    y[i] = 0.5 + r * std::sin(i * golden);
  }
  // Each pair of joined nodes once, whichever way its edge or arcs go.
  std::vector<std::pair<NodeId, NodeId>> links;
  for (NodeId u = 0; u < n; ++u) {
    for (const NodeId v : graph.neighbours(u)) links.emplace_back(std::min(u, v), std::max(u, v));
  }
  std::sort(links.begin(), links.end());
  links.erase(std::unique(links.begin(), links.end()), links.end());

  const double k = std::sqrt(1.0 / n);
  const double k2 = k * k;
  const double dmin = k / 100;
  const double nn = static_cast<double>(n) * n;
  const int iterations = static_cast<int>(std::min(300.0, std::max(10.0, std::floor(3e8 / nn))));
  for (int it = 0; it < iterations; ++it) {
    const double t = 0.1 * (1 - static_cast<double>(it) / iterations);
    std::fill(dx.begin(), dx.end(), 0.0);
    std::fill(dy.begin(), dy.end(), 0.0);
    for (NodeId i = 0; i < n; ++i) {
      for (NodeId j = i + 1; j < n; ++j) {
        const double ex = x[i] - x[j];
        const double ey = y[i] - y[j];
        const double d = std::max(std::sqrt(ex * ex + ey * ey), dmin);
        const double f = k2 / (d * d);  // k^2 / d along the unit vector (ex, ey) / d
        dx[i] += ex * f;
        dy[i] += ey * f;
        dx[j] -= ex * f;
        dy[j] -= ey * f;
      }
    }
    for (const auto& [u, v] : links) {
      const double ex = x[u] - x[v];
      const double ey = y[u] - y[v];
      const double d = std::max(std::sqrt(ex * ex + ey * ey), dmin);
      const double f = d / k;  // d^2 / k along the unit vector
      dx[u] -= ex * f;
      dy[u] -= ey * f;
      dx[v] += ex * f;
      dy[v] += ey * f;
    }
    for (NodeId i = 0; i < n; ++i) {
      dx[i] -= k * (x[i] - 0.5);
      dy[i] -= k * (y[i] - 0.5);
      const double length = std::sqrt(dx[i] * dx[i] + dy[i] * dy[i]);
      if (length > 0) {
        const double step = std::min(length, t) / length;
        x[i] += dx[i] * step;
        y[i] += dy[i] * step;
      }
    }
  }
  separate(x, y);
  return normalised(x, y);
}

}  // namespace catmouse::server
