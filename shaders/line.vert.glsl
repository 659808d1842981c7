#version 330 core
// Lines in world units (order paths), coloured per vertex.
layout(location = 0) in vec2 a_position;
layout(location = 1) in vec3 a_color;

uniform vec4 u_view;  // left, bottom, width, height (world units)

// noperspective: w is 1 (2D), so the values are the same, and llvmpipe skips the per-pixel 1/w.
noperspective out vec3 v_color;

void main() {
  v_color = a_color;
  gl_Position = vec4((a_position - u_view.xy) / u_view.zw * 2.0 - 1.0, 0.0, 1.0);
}
