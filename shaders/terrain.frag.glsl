#version 330 core
// World view background: the terrain image (render/terrain_image.h, one texel per screen
// layer pixel, opaque) stretched over the view, nearest texel (terrain.vert.glsl places it).
uniform sampler2D u_terrain;

in vec2 v_uv;
out vec4 frag_color;

void main() { frag_color = texture(u_terrain, v_uv); }
