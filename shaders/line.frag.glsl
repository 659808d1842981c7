#version 330 core
noperspective in vec3 v_color;  // as line.vert.glsl
out vec4 frag_color;

void main() { frag_color = vec4(v_color, 1.0); }
