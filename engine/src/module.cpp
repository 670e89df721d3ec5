// Game modules: finding NAME.so on a search path and calling its entry point.

#include "diorama/module.h"

#include "diorama/type_registry.h"
#include "diorama/version.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <system_error>

namespace diorama {

namespace {

namespace fs = std::filesystem;

using EntryPoint = void (*)(TypeRegistry&);
using BuildStamp = const char* (*)();

constexpr const char* kEntryPoint = "diorama_register_module";
constexpr const char* kBuildStamp = "diorama_module_engine_build";
constexpr std::size_t kMaxStampLength = 64; // longer is not a stamp of ours

// The text of the last dl* failure, or a fallback when there is none.
std::string last_dl_error() {
    const char* text = dlerror();
    return text != nullptr ? text : "unknown dynamic loader error";
}

std::string in_quotes(std::string_view text) {
    return "'" + std::string(text) + "'";
}

// Why a loaded library must not be called into: it has no engine build stamp, or its stamp is
// not this engine's (it was compiled against other headers, so it would see other layouts of the
// store's types). Nothing when it is this engine's build.
std::optional<Error> check_build_stamp(void* library, std::string_view name, const fs::path& file) {
    constexpr const char* kRebuild = "; rebuild it with this engine's headers and library";
    dlerror();
    void* symbol = dlsym(library, kBuildStamp);
    if (symbol == nullptr)
        return Error{ErrorCode::Version,
                     "module " + in_quotes(name) + " has no engine build stamp (" + kBuildStamp +
                         "): it was built against an engine older than " +
                         in_quotes(engine_build()) + ", or is no Diorama module" + kRebuild,
                     file.string()};
    // POSIX guarantees that a dlsym result for a function converts to a function pointer.
    const char* stamp = reinterpret_cast<BuildStamp>(symbol)();
    const std::string_view theirs =
        stamp != nullptr ? std::string_view(stamp, strnlen(stamp, kMaxStampLength + 1))
                         : std::string_view();
    if (theirs == engine_build()) return std::nullopt;
    const std::string shown = theirs.size() > kMaxStampLength
                                  ? in_quotes(theirs.substr(0, kMaxStampLength)) + "..."
                                  : in_quotes(theirs);
    return Error{ErrorCode::Version,
                 "module " + in_quotes(name) + " was built against engine build " + shown +
                     ", not this engine's " + in_quotes(engine_build()) +
                     " (other headers: its types would not fit this engine's)" + kRebuild,
                 file.string()};
}

} // namespace

bool is_module_name(std::string_view name) {
    constexpr std::size_t kMaxLength = 64;
    return !name.empty() && name.size() <= kMaxLength &&
           std::all_of(name.begin(), name.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-';
           });
}

std::string module_file_name(std::string_view name) {
    return std::string(name) + ".so";
}

std::vector<fs::path> module_search_path(const std::vector<fs::path>& extra) {
    std::vector<fs::path> folders;
    auto add = [&folders](fs::path folder) {
        if (folder.empty()) return;
        folder = folder.lexically_normal();
        if (!folder.has_filename() && folder != folder.root_path())
            folder = folder.parent_path(); // "a/" -> "a"
        for (const fs::path& known : folders)
            if (known == folder) return;
        folders.push_back(std::move(folder));
    };
    if (const char* env = std::getenv("DIORAMA_MODULE_PATH")) {
        std::string_view rest(env);
        while (!rest.empty()) {
            const std::size_t colon = rest.find(':');
            add(fs::path(rest.substr(0, colon)));
            rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
        }
    }
    for (const fs::path& folder : extra)
        add(folder);
    return folders;
}

Result<LoadedModule> load_module(std::string_view name, const std::vector<fs::path>& search_path,
                                 TypeRegistry& registry) {
    if (!is_module_name(name))
        return make_error(ErrorCode::InvalidArgument,
                          "module name " + in_quotes(name.substr(0, 200)) +
                              " is not 1-64 letters, digits, '_' or '-' (e.g. \"bounce\" for "
                              "bounce.so)");
    const std::string file_name = module_file_name(name);

    fs::path found;
    for (const fs::path& folder : search_path) {
        std::error_code ec;
        const fs::path candidate = fs::absolute(folder / file_name, ec);
        if (!ec && fs::is_regular_file(candidate, ec)) {
            found = candidate;
            break;
        }
    }
    if (found.empty()) {
        std::string searched;
        for (const fs::path& folder : search_path)
            searched += (searched.empty() ? "" : ", ") + in_quotes(folder.string());
        if (searched.empty()) searched = "no folders";
        return make_error(ErrorCode::NotFound, "module " + in_quotes(name) + " (" + file_name +
                                                   ") not found; searched " + searched +
                                                   " (add folders with DIORAMA_MODULE_PATH)");
    }

    dlerror(); // clear any earlier failure so the texts below are ours
    void* library = dlopen(found.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr)
        return make_error(ErrorCode::Io,
                          "cannot load module " + in_quotes(name) + ": " + last_dl_error(),
                          found.string());
    if (auto refused = check_build_stamp(library, name, found)) {
        dlclose(library);
        return *refused;
    }
    void* symbol = dlsym(library, kEntryPoint);
    if (symbol == nullptr) {
        const std::string reason = last_dl_error();
        dlclose(library);
        return make_error(ErrorCode::NotFound,
                          "module " + in_quotes(name) + " has no entry point " + kEntryPoint +
                              " (define it with DIORAMA_MODULE): " + reason,
                          found.string());
    }
    // POSIX guarantees that a dlsym result for a function converts to a function pointer.
    const auto entry = reinterpret_cast<EntryPoint>(symbol);
    try {
        entry(registry);
    } catch (const std::exception& e) {
        return make_error(ErrorCode::InvalidArgument,
                          "module " + in_quotes(name) + " failed while registering: " + e.what(),
                          found.string());
    } catch (...) {
        return make_error(ErrorCode::InvalidArgument,
                          "module " + in_quotes(name) + " failed while registering",
                          found.string());
    }
    // The library stays loaded: the registry now holds its functions.
    return LoadedModule{std::string(name), found};
}

} // namespace diorama
