#pragma once
// RAII owners for OpenGL 3.3 core objects. Each class owns one GL name, deletes it in the
// destructor, and is move-only so a name is never deleted twice. Creating any of them
// needs a current GL context (the UI thread's).
#include <cstdint>
#include <epoxy/gl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace sc2::render {

class GlError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Shared move-only ownership of one GL name; Deleter is a function taking the name.
template <void (*Delete)(GLuint)>
class GlName {
 public:
  GlName() = default;
  explicit GlName(GLuint name) : name_(name) {}
  ~GlName() { reset(); }
  GlName(GlName&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  GlName& operator=(GlName&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
    }
    return *this;
  }
  GlName(const GlName&) = delete;
  GlName& operator=(const GlName&) = delete;

  GLuint get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  void reset() {
    if (name_ != 0) Delete(name_);
    name_ = 0;
  }

 private:
  GLuint name_ = 0;
};

namespace detail {
void delete_program(GLuint name);
void delete_texture(GLuint name);
void delete_buffer(GLuint name);
void delete_vertex_array(GLuint name);
void delete_framebuffer(GLuint name);
}  // namespace detail

// A linked vertex + fragment program. Throws GlError with the compiler's log and the
// given label when compiling or linking fails.
class ShaderProgram {
 public:
  ShaderProgram() = default;
  ShaderProgram(std::string_view label, std::string_view vertex_source, std::string_view fragment_source);

  GLuint id() const { return program_.get(); }
  void use() const { glUseProgram(program_.get()); }
  GLint uniform(const char* name) const { return glGetUniformLocation(program_.get(), name); }

 private:
  GlName<detail::delete_program> program_;
};

class Texture {
 public:
  Texture();  // glGenTextures
  GLuint id() const { return texture_.get(); }
  void bind(GLenum target = GL_TEXTURE_2D) const { glBindTexture(target, texture_.get()); }

 private:
  GlName<detail::delete_texture> texture_;
};

// Fills `texture` with 8-bit RGB (channels 3) or RGBA (4) pixels, rows tightly packed, clamped
// at the edges, magnified as squares; restores the bound texture and the unpack state after.
void upload_8bit_image(const Texture& texture, const std::uint8_t* pixels, int width, int height, int channels,
                       GLint min_filter);

class Buffer {
 public:
  Buffer();
  GLuint id() const { return buffer_.get(); }
  void bind(GLenum target) const { glBindBuffer(target, buffer_.get()); }

 private:
  GlName<detail::delete_buffer> buffer_;
};

class VertexArray {
 public:
  VertexArray();
  GLuint id() const { return array_.get(); }
  void bind() const { glBindVertexArray(array_.get()); }

 private:
  GlName<detail::delete_vertex_array> array_;
};

// A framebuffer with one RGBA8 colour texture; resize() reallocates it.
class ColorTarget {
 public:
  ColorTarget() = default;
  // (Re)creates the colour texture when the size changed; throws GlError if incomplete.
  void resize(int width, int height);
  void bind() const;  // binds the framebuffer and sets the viewport to its size
  int width() const { return width_; }
  int height() const { return height_; }
  GLuint texture_id() const { return color_ ? color_->id() : 0; }
  bool ready() const { return color_ != nullptr; }

 private:
  GlName<detail::delete_framebuffer> framebuffer_;
  std::unique_ptr<Texture> color_;
  int width_ = 0;
  int height_ = 0;
};

// Restores the previously bound framebuffer, viewport and program when it goes out of
// scope, so renderers can draw off-screen in the middle of the ImGui frame.
class GlStateGuard {
 public:
  GlStateGuard();
  ~GlStateGuard();
  GlStateGuard(const GlStateGuard&) = delete;
  GlStateGuard& operator=(const GlStateGuard&) = delete;

 private:
  GLint framebuffer_ = 0;
  GLint viewport_[4] = {0, 0, 0, 0};
  GLint program_ = 0;
  GLint vertex_array_ = 0;
  GLint active_texture_ = 0;
  GLboolean blend_ = GL_FALSE;
  GLboolean scissor_ = GL_FALSE;
};

}  // namespace sc2::render
