#include "render/gl_objects.h"

#include <string>

namespace sc2::render {

namespace detail {
void delete_program(GLuint name) { glDeleteProgram(name); }
void delete_texture(GLuint name) { glDeleteTextures(1, &name); }
void delete_buffer(GLuint name) { glDeleteBuffers(1, &name); }
void delete_vertex_array(GLuint name) { glDeleteVertexArrays(1, &name); }
void delete_framebuffer(GLuint name) { glDeleteFramebuffers(1, &name); }
}  // namespace detail

namespace {

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log;
}

std::string program_log(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(length > 0 ? length : 1), '\0');
  glGetProgramInfoLog(program, length, nullptr, log.data());
  return log;
}

// Compiles one stage; the caller owns the returned shader name.
GLuint compile(GLenum stage, std::string_view label, std::string_view source) {
  GLuint shader = glCreateShader(stage);
  const char* text = source.data();
  const GLint length = static_cast<GLint>(source.size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    std::string log = shader_log(shader);
    glDeleteShader(shader);
    throw GlError("compiling the " + std::string(stage == GL_VERTEX_SHADER ? "vertex" : "fragment") +
                  " shader of '" + std::string(label) + "' failed: " + log);
  }
  return shader;
}

}  // namespace

ShaderProgram::ShaderProgram(std::string_view label, std::string_view vertex_source,
                             std::string_view fragment_source) {
  GLuint vertex = compile(GL_VERTEX_SHADER, label, vertex_source);
  GLuint fragment = 0;
  try {
    fragment = compile(GL_FRAGMENT_SHADER, label, fragment_source);
  } catch (...) {
    glDeleteShader(vertex);
    throw;
  }
  GLuint program = glCreateProgram();
  glAttachShader(program, vertex);
  glAttachShader(program, fragment);
  glLinkProgram(program);
  glDetachShader(program, vertex);
  glDetachShader(program, fragment);
  glDeleteShader(vertex);
  glDeleteShader(fragment);
  GLint ok = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    std::string log = program_log(program);
    glDeleteProgram(program);
    throw GlError("linking shader program '" + std::string(label) + "' failed: " + log);
  }
  program_ = GlName<detail::delete_program>(program);
}

Texture::Texture() {
  GLuint name = 0;
  glGenTextures(1, &name);
  texture_ = GlName<detail::delete_texture>(name);
}

Buffer::Buffer() {
  GLuint name = 0;
  glGenBuffers(1, &name);
  buffer_ = GlName<detail::delete_buffer>(name);
}

VertexArray::VertexArray() {
  GLuint name = 0;
  glGenVertexArrays(1, &name);
  array_ = GlName<detail::delete_vertex_array>(name);
}

void ColorTarget::resize(int width, int height) {
  if (width < 1) width = 1;
  if (height < 1) height = 1;
  if (color_ && width == width_ && height == height_) return;
  if (!framebuffer_) {
    GLuint name = 0;
    glGenFramebuffers(1, &name);
    framebuffer_ = GlName<detail::delete_framebuffer>(name);
  }
  auto texture = std::make_unique<Texture>();
  texture->bind();
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  // Layer images are small (64 px) and shown large: keep their pixels sharp.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

  GLint previous = 0;
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture->id(), 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(previous));
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw GlError("framebuffer " + std::to_string(width) + "x" + std::to_string(height) +
                  " is incomplete (status 0x" + std::to_string(status) + ")");
  }
  color_ = std::move(texture);
  width_ = width;
  height_ = height;
}

void ColorTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  glViewport(0, 0, width_, height_);
}

GlStateGuard::GlStateGuard() {
  glGetIntegerv(GL_FRAMEBUFFER_BINDING, &framebuffer_);
  glGetIntegerv(GL_VIEWPORT, viewport_);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
  blend_ = glIsEnabled(GL_BLEND);
  scissor_ = glIsEnabled(GL_SCISSOR_TEST);
}

GlStateGuard::~GlStateGuard() {
  glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(framebuffer_));
  glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
  glUseProgram(static_cast<GLuint>(program_));
  glBindVertexArray(static_cast<GLuint>(vertex_array_));
  glActiveTexture(static_cast<GLenum>(active_texture_));
  if (blend_) glEnable(GL_BLEND); else glDisable(GL_BLEND);
  if (scissor_) glEnable(GL_SCISSOR_TEST); else glDisable(GL_SCISSOR_TEST);
}

void upload_8bit_image(const Texture& texture, const std::uint8_t* pixels, int width, int height, int channels,
                       GLint min_filter) {
  GLint bound = 0, alignment = 0, row_length = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &alignment);
  glGetIntegerv(GL_UNPACK_ROW_LENGTH, &row_length);
  texture.bind();
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // RGB rows of 3 * width bytes are not 4-byte aligned
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  const bool rgba = channels == 4;
  glTexImage2D(GL_TEXTURE_2D, 0, rgba ? GL_RGBA8 : GL_RGB8, width, height, 0, rgba ? GL_RGBA : GL_RGB,
               GL_UNSIGNED_BYTE, pixels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, alignment);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
  glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
}

}  // namespace sc2::render
