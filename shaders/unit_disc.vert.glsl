#version 330 core
// One instanced quad per unit, big enough for the disc, outline and selection ring. (An octagon,
// 17% fewer fragments, measured no faster under llvmpipe: 6 triangles to set up instead of 2.)
layout(location = 0) in vec2 a_center;  // world units
layout(location = 1) in float a_radius; // world units
layout(location = 2) in vec3 a_fill;    // owner colour 0..1
layout(location = 3) in float a_damage; // fraction damaged 0..1
layout(location = 4) in float a_flags;  // bit 0 selected, bit 1 facing tick
layout(location = 5) in float a_facing; // radians, counter-clockwise from +x
layout(location = 6) in vec3 a_core;    // inner disc colour 0..1 (resources: a geyser's vent, a gas building's vespene)
layout(location = 7) in float a_core_fraction; // its radius over the unit's; 0 = none

uniform vec4 u_view;   // left, bottom, width, height of the camera area (world units)
uniform float u_pixel; // world units per target pixel

// noperspective: w is 1 (2D), so the values are the same, and llvmpipe skips the per-pixel 1/w.
noperspective out vec2 v_offset;     // from the unit centre, world units
flat out float v_radius;
flat out vec3 v_fill;
flat out float v_damage;
flat out vec3 v_core;
flat out float v_core_radius;  // world units
flat out int v_flags;
flat out vec2 v_facing_dir;  // unit vector of the facing
flat out float v_tick_cos;   // cos of the tick's half-width: the tick is where cos(angle to facing) exceeds it

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) * 2.0 - 1.0;
  // Just big enough: the disc's edge fades out within half a pixel, the selection ring
  // (at radius + 0.1) within 1.25 px; every fragment beyond is discarded anyway, and a software
  // renderer pays for each one it shades.
  bool selected = (int(a_flags + 0.5) & 1) != 0;
  float extent = selected ? a_radius + 0.1 + 1.5 * u_pixel : a_radius + 1.0 * u_pixel;
  v_offset = corner * extent;
  v_radius = a_radius;
  v_fill = a_fill;
  v_damage = a_damage;
  v_core = a_core;
  v_core_radius = a_radius * a_core_fraction;
  v_flags = int(a_flags + 0.5);
  v_facing_dir = vec2(cos(a_facing), sin(a_facing));
  v_tick_cos = cos(0.1 + u_pixel / max(a_radius, u_pixel));
  vec2 world = a_center + v_offset;
  gl_Position = vec4((world - u_view.xy) / u_view.zw * 2.0 - 1.0, 0.0, 1.0);
}
