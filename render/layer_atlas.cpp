#include "render/layer_atlas.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace sc2::render {

namespace {

constexpr int kPadding = 1;

// A layer the game did not send (no values) is shown as one pixel of value 0.
const pysc2::Layer& usable(const pysc2::Layer& layer, pysc2::Layer& stand_in) {
  const bool ok = layer.width > 0 && layer.height > 0 &&
                  layer.values.size() == static_cast<std::size_t>(layer.width) * static_cast<std::size_t>(layer.height);
  if (ok) return layer;
  stand_in.name = layer.name;
  stand_in.width = stand_in.height = 1;
  stand_in.values.assign(1, 0);
  return stand_in;
}

}  // namespace

bool LayerAtlas::same_layers(const std::vector<Source>& sources) const {
  if (sources.size() != entries_.size()) return false;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    pysc2::Layer stand_in;
    const pysc2::Layer& layer = usable(*sources[i].layer, stand_in);
    if (entries_[i].key != sources[i].key || entries_[i].size != CellSize{layer.width, layer.height}) return false;
  }
  return true;
}

bool LayerAtlas::relayout(const std::vector<Source>& sources) {
  entries_.clear();
  std::vector<CellSize> sizes;
  int widest = 1;
  for (const Source& source : sources) {
    pysc2::Layer stand_in;
    const pysc2::Layer& layer = usable(*source.layer, stand_in);
    sizes.push_back(CellSize{layer.width, layer.height});
    widest = std::max(widest, layer.width);
  }
  // Roughly square, so large layers still fit the driver's maximum texture size.
  const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(sizes.size())))));
  layout_ = pack_atlas(sizes, columns * (widest + kPadding), kPadding);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (layout_.width < 1 || layout_.height < 1 || layout_.width > max_size || layout_.height > max_size) {
    texture_.reset();
    layout_ = AtlasLayout{};
    failed_ = true;
    return false;
  }
  failed_ = false;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    entries_.push_back(Entry{sources[i].key, sizes[i], layout_.cells[i], {}, {}, false});
  }
  texture_ = std::make_unique<Texture>();
  texture_->bind();
  // Zeroed, so the padding between cells is defined.
  const std::vector<std::uint32_t> zero(static_cast<std::size_t>(layout_.width) * layout_.height, 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, layout_.width, layout_.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  // Layer images are small and shown large: keep their pixels sharp.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return true;
}

void LayerAtlas::upload(Entry& entry, const pysc2::Layer& layer) {
  pixels_.resize(static_cast<std::size_t>(layer.width) * layer.height);
  colour_layer(layer, entry.style, pixels_);
  glTexSubImage2D(GL_TEXTURE_2D, 0, entry.cell.x, entry.cell.y, entry.cell.width, entry.cell.height, GL_RGBA,
                  GL_UNSIGNED_BYTE, pixels_.data());
  entry.values = layer.values;
  entry.coloured = true;
  ++recoloured_;
}

void LayerAtlas::update(const pysc2::Observation& observation, std::shared_ptr<const void> owner) {
  observation_sources_.clear();
  observation_sources_.reserve(observation.feature_screen.size() + observation.feature_minimap.size());
  for (const pysc2::Layer& layer : observation.feature_screen) {
    observation_sources_.push_back({"screen/" + layer.name, &layer, LayerSet::screen});
  }
  for (const pysc2::Layer& layer : observation.feature_minimap) {
    observation_sources_.push_back({"minimap/" + layer.name, &layer, LayerSet::minimap});
  }
  owner_ = std::move(owner);
  take_sources(false);
}

void LayerAtlas::set_raw_layers(std::span<const pysc2::Layer* const> layers, std::shared_ptr<const void> owner) {
  raw_sources_.clear();
  for (const pysc2::Layer* layer : layers) raw_sources_.push_back({"raw/" + layer->name, layer, LayerSet::raw});
  raw_owner_ = std::move(owner);
  take_sources(true);
}

void LayerAtlas::take_sources(bool raw_group) {
  recoloured_ = 0;
  // Raw layers first, as in the viewer's grid; the order only decides where cells go.
  std::vector<Source> sources = raw_sources_;
  sources.insert(sources.end(), observation_sources_.begin(), observation_sources_.end());
  bool laid_out = false;
  if (!same_layers(sources) || (!texture_ && !sources.empty())) {
    if (!relayout(sources)) return;
    laid_out = true;
  }
  if (!texture_) return;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const bool raw = sources[i].set == LayerSet::raw;
    if (!laid_out && raw != raw_group) continue;  // the other group's entries are as they were
    entries_[i].pending = sources[i].layer;
    entries_[i].set = sources[i].set;
  }
}

void LayerAtlas::bring_up_to_date(Entry& entry) {
  const pysc2::Layer* source = std::exchange(entry.pending, nullptr);
  if (!source || !texture_) return;
  pysc2::Layer stand_in;
  const pysc2::Layer& layer = usable(*source, stand_in);
  const LayerStyle style = style_for_layer(source->name, entry.set);
  const bool same_style = style.palette == entry.style.palette && style.clip == entry.style.clip;
  // Most layers do not change between observations: compare before recolouring.
  if (entry.coloured && same_style && entry.values.size() == layer.values.size() &&
      std::memcmp(entry.values.data(), layer.values.data(), layer.values.size() * sizeof(std::int32_t)) == 0) {
    return;
  }
  entry.style = style;
  GLint bound = 0, row_length = 0, skip_rows = 0, skip_pixels = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  glGetIntegerv(GL_UNPACK_SKIP_ROWS, &skip_rows);
  glGetIntegerv(GL_UNPACK_SKIP_PIXELS, &skip_pixels);
  texture_->bind();
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  upload(entry, layer);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, skip_rows);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, skip_pixels);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
}

std::optional<AtlasImage> LayerAtlas::find(std::string_view key) {
  if (!texture_ || failed_) return std::nullopt;
  for (Entry& entry : entries_) {
    if (entry.key != key) continue;
    bring_up_to_date(entry);
    if (!entry.coloured) continue;
    const float w = static_cast<float>(layout_.width), h = static_cast<float>(layout_.height);
    return AtlasImage{texture_->id(),
                      static_cast<float>(entry.cell.x) / w,
                      static_cast<float>(entry.cell.y) / h,
                      static_cast<float>(entry.cell.x + entry.cell.width) / w,
                      static_cast<float>(entry.cell.y + entry.cell.height) / h,
                      entry.size.width,
                      entry.size.height};
  }
  return std::nullopt;
}

void LayerAtlas::clear() {
  entries_.clear();
  observation_sources_.clear();
  raw_sources_.clear();
  owner_.reset();
  raw_owner_.reset();
  layout_ = AtlasLayout{};
  texture_.reset();
  failed_ = false;
  recoloured_ = 0;
}

}  // namespace sc2::render
