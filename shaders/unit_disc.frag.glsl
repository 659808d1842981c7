#version 330 core
// PySC2-style unit: disc in the owner colour, damage disc in half that colour,
// black 1 px outline, white facing tick, green ring at radius + 0.1 when selected.
uniform float u_pixel;

in vec2 v_offset;
flat in float v_radius;
flat in vec3 v_fill;
flat in float v_damage;
flat in int v_flags;
flat in float v_facing;

out vec4 frag_color;

void main() {
  float d = length(v_offset);
  float px = u_pixel;
  bool selected = (v_flags & 1) != 0;
  // Outside the disc and without a ring: nothing to draw (most of the quad's corners).
  if (!selected && d >= v_radius + 0.5 * px) discard;
  float disc = clamp((v_radius - d) / px + 0.5, 0.0, 1.0);
  vec3 color = d < v_radius * v_damage ? v_fill * 0.5 : v_fill;
  float outline = clamp((d - (v_radius - 1.5 * px)) / px + 0.5, 0.0, 1.0);
  vec3 edge = vec3(0.0);
  // The facing tick only shows on the outline: atan only there (it is the costly part).
  if (outline > 0.0 && (v_flags & 2) != 0) {
    float angle = atan(v_offset.y, v_offset.x);
    float delta = abs(mod(angle - v_facing + 3.14159265, 6.2831853) - 3.14159265);
    if (delta < 0.1 + px / max(v_radius, px)) edge = vec3(1.0);
  }
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
