#pragma once
// How to show the render/ textures in a UI: they are in GL orientation (row 0 at the
// bottom), so the top-left of the image is texture coordinate (0, 1).
namespace sc2::render {

struct TextureUv {
  float u0, v0, u1, v1;
};
inline constexpr TextureUv kFramebufferUv{0.0f, 1.0f, 1.0f, 0.0f};

}  // namespace sc2::render
