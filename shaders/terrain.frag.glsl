#version 330 core
// World view background: the terrain image (render/terrain_image.h, one texel per screen
// layer pixel, row 0 = top) stretched over the view, nearest texel.
uniform sampler2D u_terrain;
uniform vec4 u_uv_rect;  // the part of the screen layers shown: u0, v0, width, height (y up; zoom)

in vec2 v_uv;
out vec4 frag_color;

void main() {
  vec2 uv = u_uv_rect.xy + v_uv * u_uv_rect.zw;
  frag_color = vec4(texture(u_terrain, vec2(uv.x, 1.0 - uv.y)).rgb, 1.0);
}
