#version 330 core
// World view background, as PySC2's human renderer builds it from screen layers:
// height_map colour x 0.6 (all-zero heights count as 100), creep blended 40/60,
// then times the visibility factor (hidden 0.5, seen 0.75, visible 1.0).
uniform isampler2D u_height;      // screen height_map values
uniform isampler2D u_visibility;  // screen visibility_map values
uniform isampler2D u_creep;       // screen creep values
uniform sampler2D u_height_palette;
uniform vec3 u_creep_color;
uniform int u_has_visibility;
uniform int u_has_creep;
uniform int u_height_all_zero;
uniform vec4 u_uv_rect;  // the part of the screen layers shown: u0, v0, width, height (zoom)

in vec2 v_uv;
out vec4 frag_color;

ivec2 layer_pixel(isampler2D layer) {
  ivec2 size = textureSize(layer, 0);
  vec2 uv = u_uv_rect.xy + v_uv * u_uv_rect.zw;
  ivec2 p = ivec2(floor(vec2(uv.x, 1.0 - uv.y) * vec2(size)));
  return clamp(p, ivec2(0), size - 1);
}

void main() {
  int height = u_height_all_zero != 0 ? 100 : texelFetch(u_height, layer_pixel(u_height), 0).r;
  height = clamp(height, 0, textureSize(u_height_palette, 0).x - 1);
  vec3 color = texelFetch(u_height_palette, ivec2(height, 0), 0).rgb * 0.6;
  if (u_has_creep != 0 && texelFetch(u_creep, layer_pixel(u_creep), 0).r > 0) {
    color = color * 0.4 + u_creep_color * 0.6;
  }
  if (u_has_visibility != 0) {
    int visibility = texelFetch(u_visibility, layer_pixel(u_visibility), 0).r;
    color *= visibility >= 2 ? 1.0 : (visibility == 1 ? 0.75 : 0.5);
  }
  frag_color = vec4(color, 1.0);
}
