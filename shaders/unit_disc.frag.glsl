#version 330 core
// PySC2-style unit: disc in the owner colour, damage disc in half that colour,
// black 1 px outline, white facing tick, green ring at radius + 0.1 when selected.
// Resources add an inner disc of their own colour (render/resource_kind.h).
uniform float u_pixel;

noperspective in vec2 v_offset;  // as unit_disc.vert.glsl
flat in float v_radius;
flat in vec3 v_fill;
flat in float v_damage;
flat in vec3 v_core;
flat in float v_core_radius;
flat in int v_flags;
flat in vec2 v_facing_dir;
flat in float v_tick_cos;

out vec4 frag_color;

void main() {
  float d = length(v_offset);
  float px = u_pixel;
  bool selected = (v_flags & 1) != 0;
  // Outside the disc and without a ring: nothing to draw (most of the quad's corners).
  if (!selected && d >= v_radius + 0.5 * px) discard;
  float disc = clamp((v_radius - d) / px + 0.5, 0.0, 1.0);
  float core = v_core_radius > 0.0 ? clamp((v_core_radius - d) / px + 0.5, 0.0, 1.0) : 0.0;
  vec3 color = mix(v_fill, v_core, core);
  if (d < v_radius * v_damage) color *= 0.5;
  float outline = clamp((d - (v_radius - 1.5 * px)) / px + 0.5, 0.0, 1.0);
  vec3 edge = vec3(0.0);
  // The facing tick, on the outline only: the angle to the facing is under the tick's
  // half-width exactly when its cosine, dot(offset, facing) / d, is over the half-width's
  // (per unit, in the vertex shader): no atan per fragment, the costly part under llvmpipe.
  if (outline > 0.0 && (v_flags & 2) != 0 && dot(v_offset, v_facing_dir) > d * v_tick_cos) edge = vec3(1.0);
  color = mix(color, edge, outline);
  float alpha = disc;
  if (selected) {
    float ring = clamp(1.0 - abs(d - (v_radius + 0.1)) / px + 0.25, 0.0, 1.0);
    color = mix(color, vec3(0.0, 1.0, 0.0), ring);
    alpha = max(alpha, ring);
  }
  if (alpha <= 0.0) discard;
  frag_color = vec4(color, alpha);
}
