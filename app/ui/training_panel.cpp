#include "app/ui/training_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "app/ui/ui_helpers.h"

namespace sc2::app::ui {

namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(500);
constexpr ImU32 kPlotBackground = IM_COL32(20, 22, 27, 255);
constexpr ImU32 kPlotBorder = IM_COL32(70, 74, 84, 255);
constexpr ImU32 kGridLine = IM_COL32(44, 47, 55, 255);
constexpr ImU32 kLabel = IM_COL32(150, 150, 150, 255);
constexpr float kCurveThickness = 2.0f;

// "950", "12.5k", "1.25M": steps and values short enough for an axis label.
std::string short_number(double value) {
  char text[32];
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e9) {
    std::snprintf(text, sizeof text, "%.3gG", value / 1e9);
  } else if (magnitude >= 1e6) {
    std::snprintf(text, sizeof text, "%.3gM", value / 1e6);
  } else if (magnitude >= 1e4) {
    std::snprintf(text, sizeof text, "%.3gk", value / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%.4g", value);
  }
  return text;
}

struct Range {
  double low = std::numeric_limits<double>::infinity();
  double high = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  bool empty() const { return low > high; }
  // Never zero wide: a flat curve sits in the middle.
  void widen() {
    if (empty()) {
      low = 0;
      high = 1;
    } else if (high - low < 1e-12) {
      const double pad = std::fabs(high) > 1e-9 ? std::fabs(high) * 0.05 : 1.0;
      low -= pad;
      high += pad;
    }
  }
};

// The curve as window points: at most two per pixel column (its lowest and highest value), so
// that a long run costs the width of the plot, not its row count. Non-finite values break it.
std::vector<std::vector<ImVec2>> curve_points(const std::vector<double>& xs, const std::vector<double>& ys,
                                              const Range& x, const Range& y, const ImVec2& min, const ImVec2& size) {
  std::vector<std::vector<ImVec2>> segments(1);
  const auto px = [&](double v) { return min.x + static_cast<float>((v - x.low) / (x.high - x.low)) * (size.x - 1); };
  const auto py = [&](double v) {
    return min.y + size.y - 1 - static_cast<float>((v - y.low) / (y.high - y.low)) * (size.y - 1);
  };
  int column = std::numeric_limits<int>::min();
  float low = 0, high = 0;
  const auto flush = [&] {
    if (column == std::numeric_limits<int>::min()) return;
    auto& points = segments.back();
    points.emplace_back(static_cast<float>(column) + 0.5f, low);
    if (high != low) points.emplace_back(static_cast<float>(column) + 0.5f, high);
  };
  for (std::size_t i = 0; i < std::min(xs.size(), ys.size()); ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) {
      flush();
      column = std::numeric_limits<int>::min();
      if (!segments.back().empty()) segments.emplace_back();
      continue;
    }
    const int c = static_cast<int>(std::floor(px(xs[i])));
    const float v = py(ys[i]);
    if (c != column) {
      flush();
      column = c;
      low = high = v;
    } else {
      low = std::min(low, v);
      high = std::max(high, v);
    }
  }
  flush();
  return segments;
}

}  // namespace

TrainingPanel::TrainingPanel(std::filesystem::path run_dir)
    : dir_(std::move(run_dir)), follower_(dir_ / "progress.csv") {}

void TrainingPanel::poll() {
  const auto now = std::chrono::steady_clock::now();
  if (last_poll_ && now - *last_poll_ < kPollInterval) return;
  last_poll_ = now;
  // A long file is caught up over a few polls: poll again at once while there is more.
  for (int i = 0; i < 4 && follower_.poll(); ++i) {
  }
}

void TrainingPanel::draw(bool whole_window) {
  poll();
  if (whole_window) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(display);
  } else {
    place_window(0.22f, 0.12f, 0.56f, 0.7f);
  }
  const ImGuiWindowFlags flags =
      whole_window ? ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                         ImGuiWindowFlags_NoBringToFrontOnFocus
                   : ImGuiWindowFlags_None;
  if (!ImGui::Begin("Training", nullptr, flags)) {
    ImGui::End();
    return;
  }
  if (whole_window) ImGui::TextColored(kAccent, "Training run %s", dir_.string().c_str());
  draw_status();
  if (whole_window) {
    ImGui::TextColored(kDim, "Watch its games too: sc2train --observe_port PORT, then sc2studio --connect "
                             "127.0.0.1:PORT --training %s",
                       dir_.string().c_str());
  }
  ImGui::Spacing();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const ImVec2 cell(std::floor((avail.x - gap) / 2), std::floor((avail.y - ImGui::GetStyle().ItemSpacing.y) / 2));
  if (cell.x >= 40 && cell.y >= 40) {
    for (std::size_t i = 0; i < kTrainingCurves.size(); ++i) {
      if (i % 2 == 1) ImGui::SameLine(0, gap);
      draw_curve(i, cell);
    }
  }
  ImGui::End();
}

void TrainingPanel::draw_status() {
  const ProgressTable& table = follower_.table();
  const std::string file = follower_.file().string();
  if (!follower_.error().empty()) ImGui::TextColored(kRed, "%s", follower_.error().c_str());
  if (!follower_.exists()) {
    ImGui::TextColored(kYellow, "waiting for %s", file.c_str());
    return;
  }
  if (!table.has_header()) {
    ImGui::TextColored(kYellow, "waiting for the first line of %s", file.c_str());
    return;
  }
  const auto steps = table.column(kProgressStepsColumn);
  if (!steps) {
    ImGui::TextColored(kRed, "%s has no '%.*s' column: not a progress.csv of sc2train?", file.c_str(),
                       static_cast<int>(kProgressStepsColumn.size()), kProgressStepsColumn.data());
    return;
  }
  if (table.rows() == 0) {
    ImGui::TextColored(kYellow, "%s: no update yet", file.c_str());
  } else {
    std::string line = file + ": " + std::to_string(table.rows()) + " updates, " +
                       short_number(table.values(*steps).back()) + " agent steps";
    if (const auto wall = table.column("wall_seconds")) {
      line += ", " + short_number(table.values(*wall).back() / 60.0) + " min of training";
    }
    ImGui::TextUnformatted(line.c_str());
  }
  if (table.damaged_lines() > 0) {
    ImGui::TextColored(kYellow, "skipped %zu damaged line%s (first: %s)", table.damaged_lines(),
                       table.damaged_lines() == 1 ? "" : "s", table.first_damage().c_str());
  }
  if (follower_.restarts() > 0) {
    ImGui::TextColored(kDim, "the file was replaced or truncated %d time%s: read again from its start",
                       follower_.restarts(), follower_.restarts() == 1 ? "" : "s");
  }
}

void TrainingPanel::draw_curve(std::size_t curve, const ImVec2& size) {
  const TrainingCurve& what = kTrainingCurves[curve];
  const ProgressTable& table = follower_.table();
  const auto x_column = table.column(kProgressStepsColumn);
  const auto y_column = table.column(what.column);
  ImGui::BeginGroup();
  ImGui::PushID(static_cast<int>(curve));
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kTrainingCurveColours[curve]), "%.*s",
                     static_cast<int>(what.title.size()), what.title.data());
  if (y_column && table.rows() > 0) {
    ImGui::SameLine();
    ImGui::TextColored(kDim, "%s", short_number(table.values(*y_column).back()).c_str());
  }
  const float label_height = ImGui::GetTextLineHeight();
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const ImVec2 plot(size.x, std::max(20.0f, size.y - ImGui::GetTextLineHeightWithSpacing() - label_height - 2));
  ImGui::InvisibleButton("plot", ImVec2(plot.x, plot.y + label_height + 2));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 max(min.x + plot.x, min.y + plot.y);
  draw->AddRectFilled(min, max, kPlotBackground);
  // Grid lines as one-pixel rectangles: thin anti-aliased lines come out broken here.
  for (int i = 1; i < 4; ++i) {
    const float y = std::floor(min.y + plot.y * static_cast<float>(i) / 4);
    draw->AddRectFilled(ImVec2(min.x + 1, y), ImVec2(max.x - 1, y + 1), kGridLine);
  }
  draw->AddRect(min, max, kPlotBorder);
  const auto centred = [&](const char* text) {
    const ImVec2 t = ImGui::CalcTextSize(text);
    draw->AddText(ImVec2(min.x + (plot.x - t.x) / 2, min.y + (plot.y - t.y) / 2), kLabel, text);
  };
  if (!x_column || !y_column) {
    const std::string text = "no column '" + std::string(what.column) + "' in progress.csv";
    if (follower_.exists() && table.has_header()) centred(text.c_str());
  } else if (table.rows() == 0) {
    centred("no updates yet");
  } else {
    const std::vector<double>& xs = table.values(*x_column);
    const std::vector<double>& ys = table.values(*y_column);
    Range x, y;
    for (double v : xs) x.add(v);
    for (double v : ys) y.add(v);
    x.widen();
    y.widen();
    const double pad = (y.high - y.low) * 0.06;
    y.low -= pad;
    y.high += pad;
    draw->PushClipRect(min, max, true);
    for (const auto& points : curve_points(xs, ys, x, y, min, plot)) {
      if (points.size() == 1) {
        draw->AddCircleFilled(points[0], kCurveThickness, kTrainingCurveColours[curve]);
      } else if (points.size() > 1) {
        draw->AddPolyline(points.data(), static_cast<int>(points.size()), kTrainingCurveColours[curve], 0,
                          kCurveThickness);
      }
    }
    draw->PopClipRect();
    // Axis labels: the value range inside the plot, the steps under it.
    draw->AddText(ImVec2(min.x + 4, min.y + 2), kLabel, short_number(y.high - pad).c_str());
    draw->AddText(ImVec2(min.x + 4, max.y - label_height - 2), kLabel, short_number(y.low + pad).c_str());
    draw->AddText(ImVec2(min.x, max.y + 2), kLabel, short_number(x.low).c_str());
    const std::string right = short_number(x.high) + " steps";
    draw->AddText(ImVec2(max.x - ImGui::CalcTextSize(right.c_str()).x, max.y + 2), kLabel, right.c_str());
    if (hovered) {
      // The update nearest the pointer along the steps axis.
      const double at = x.low + (ImGui::GetIO().MousePos.x - min.x) / std::max(1.0f, plot.x - 1) * (x.high - x.low);
      const auto it = std::lower_bound(xs.begin(), xs.end(), at);
      std::size_t row = static_cast<std::size_t>(std::min<std::ptrdiff_t>(it - xs.begin(), static_cast<std::ptrdiff_t>(xs.size()) - 1));
      if (row > 0 && std::fabs(xs[row - 1] - at) < std::fabs(xs[row] - at)) --row;
      ImGui::SetTooltip("%.*s %.6g\nat %s steps (update %zu)", static_cast<int>(what.column.size()), what.column.data(),
                        ys[row], short_number(xs[row]).c_str(), row + 1);
    }
  }
  ImGui::PopID();
  ImGui::EndGroup();
}

}  // namespace sc2::app::ui
