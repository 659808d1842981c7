#pragma once
// All feature layers of an observation in one RGBA texture: each layer coloured with its
// PySC2 palette on the CPU (render/layer_colouring.h) into its own cell. A layer is coloured
// when it is asked for (find), not at update: the UI shows ~10 of the 38 at a time, and at
// 256x256 colouring and uploading all of them was ~6 ms a frame under a software renderer.
// Only layers whose values changed since they were last coloured are recoloured and
// uploaded (glTexSubImage2D of that cell), so static layers (height map, pathable, ...) cost
// nothing after the first time, and the UI draws every layer image from one texture.
// Unlike the framebuffer textures of render/, cells are stored top row first: show a cell
// with the uv of AtlasImage as given (top-left u0,v0; bottom-right u1,v1).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "client/pysc2/observation.h"
#include "render/gl_objects.h"
#include "render/layer_colouring.h"
#include "render/palette.h"

namespace sc2::render {

struct AtlasImage {
  GLuint texture = 0;
  float u0 = 0, v0 = 0, u1 = 1, v1 = 1;  // the layer's top-left and bottom-right corners
  int width = 0;                         // the layer's size in pixels
  int height = 0;
};

class LayerAtlas {
 public:
  LayerAtlas() = default;

  // Takes the observation's screen and minimap layers (keys "screen/<name>" and
  // "minimap/<name>", styles from style_for_layer) as the ones to show; they are coloured when
  // find asks for them, so the observation must live until the next update: `owner` keeps it
  // alive (e.g. the TimeStep it belongs to); without one the caller keeps it. Needs the GL context.
  void update(const pysc2::Observation& observation, std::shared_ptr<const void> owner = nullptr);
  // Takes the viewer's raw layers (client/pysc2/raw_layers.h) as more layers of the same atlas,
  // keys "raw/<name>", styled as LayerSet::raw. Kept apart from update: each call replaces only
  // its own group, so the other group is neither forgotten nor compared again. The same
  // lifetime rule: `owner` (or the caller) keeps the layers alive until the next call.
  void set_raw_layers(std::span<const pysc2::Layer* const> layers, std::shared_ptr<const void> owner = nullptr);
  // The cell of a layer, coloured and uploaded first if its values changed; nullopt before its
  // first update or when the atlas could not be made (layers too large for the driver's
  // texture size). Needs the GL context (it may upload).
  std::optional<AtlasImage> find(std::string_view key);
  void clear();  // forget every layer (a new game)

  GLuint texture() const { return texture_ ? texture_->id() : 0; }
  int width() const { return layout_.width; }
  int height() const { return layout_.height; }
  // Layers in the atlas, and how many were recoloured and uploaded since the last update.
  int layer_count() const { return static_cast<int>(entries_.size()); }
  int recoloured_last_update() const { return recoloured_; }

 private:
  struct Entry {
    std::string key;
    CellSize size;
    AtlasCell cell;
    LayerStyle style;
    std::vector<std::int32_t> values;  // as last coloured
    bool coloured = false;
    const pysc2::Layer* pending = nullptr;  // the layer of the last update, not yet compared
    LayerSet set = LayerSet::screen;
  };
  struct Source {
    std::string key;
    const pysc2::Layer* layer;
    LayerSet set;
  };
  // Lays the atlas out again when the layers of both groups changed shape, then hands the
  // group's layers (every layer after a new layout) to their entries, to be compared in find.
  void take_sources(bool raw_group);
  bool same_layers(const std::vector<Source>& sources) const;
  bool relayout(const std::vector<Source>& sources);
  void upload(Entry& entry, const pysc2::Layer& layer);
  void bring_up_to_date(Entry& entry);

  std::vector<Entry> entries_;
  std::vector<Source> observation_sources_;  // screen and minimap, from update
  std::vector<Source> raw_sources_;          // from set_raw_layers
  std::shared_ptr<const void> owner_;      // keeps the observation's layers alive
  std::shared_ptr<const void> raw_owner_;  // keeps the raw layers alive
  AtlasLayout layout_;
  std::unique_ptr<Texture> texture_;
  std::vector<std::uint32_t> pixels_;  // colouring scratch, reused
  bool failed_ = false;                // the layout does not fit the driver's textures
  int recoloured_ = 0;
};

}  // namespace sc2::render
