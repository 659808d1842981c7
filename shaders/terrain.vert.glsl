#version 330 core
// World view background: one quad (triangle strip) over the whole target, its texture
// coordinates worked out per vertex, so the fragment shader is a bare texture fetch. Under
// llvmpipe a rectangle with such a shader is cheaper per pixel than a full-screen triangle
// whose fragments compute their coordinates.
uniform vec4 u_uv_rect;  // the part of the screen layers shown: u0, v0, width, height (y up; zoom)

out vec2 v_uv;  // texture coordinates, row 0 of the image = top

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));  // 0..1, y up
  vec2 uv = u_uv_rect.xy + corner * u_uv_rect.zw;
  v_uv = vec2(uv.x, 1.0 - uv.y);
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
