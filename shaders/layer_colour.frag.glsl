#version 330 core
// Colours one feature layer: raw int values -> PySC2 palette entry.
// The target has the layer's size; layer row 0 (top) lands in the top row of the target.
uniform isampler2D u_values;  // R32I, row 0 = top row of the layer
uniform sampler2D u_palette;  // palette size x 1, RGBA8
uniform int u_clip;           // 1: clamp values into the palette (PySC2 "clip" layers)

out vec4 frag_color;

void main() {
  ivec2 size = textureSize(u_values, 0);
  ivec2 target = ivec2(gl_FragCoord.xy);
  int value = texelFetch(u_values, ivec2(target.x, size.y - 1 - target.y), 0).r;
  int entries = textureSize(u_palette, 0).x;
  if (u_clip != 0) value = clamp(value, 0, entries - 1);
  if (value < 0 || value >= entries) {
    frag_color = vec4(1.0, 0.0, 1.0, 1.0);  // out of PySC2's range: make it visible
    return;
  }
  frag_color = vec4(texelFetch(u_palette, ivec2(value, 0), 0).rgb, 1.0);
}
