#include "asset_commands.h"

#include "asset_catalog.h"

#include "diorama/file_io.h"
#include "diorama/log.h"
#include "diorama/prefab.h"
#include "diorama/scene_file.h"
#include "diorama/type_registry.h"
#include "diorama/world.h"

#include <system_error>

namespace diorama::editor {

namespace fs = std::filesystem;

namespace {

// Every asset field and prefab link of the world naming from names to instead.
void follow_in_world(World& world, const std::string& from, const std::string& to) {
    world.each_object([&](Handle h) {
        for (ComponentId id : world.components_of(h)) {
            const TypeInfo* type = world.registry().find(id);
            if (type == nullptr) continue;
            void* c = world.get(h, id);
            for (const FieldInfo& f : type->fields)
                if (f.type == FieldType::Asset && std::get<std::string>(f.get(c)) == from)
                    f.set(c, FieldValue{to});
        }
        if (PrefabInstance* link = world.get<PrefabInstance>(h); link && link->prefab == from)
            link->prefab = to;
        if (MissingPrefab* kept = world.get<MissingPrefab>(h); kept && kept->prefab == from)
            kept->prefab = to;
    });
}

// Replaces from by to in a project file; how many were replaced (0: the file is left as is).
Result<std::size_t> rewrite(const fs::path& root, const std::string& file, const std::string& from,
                            const std::string& to) {
    auto text = read_file(root / file, 64u << 20);
    if (!text) return text.error();
    std::size_t count = 0;
    const std::string changed = replace_json_string(*text, from, to, count);
    if (count == 0) return count;
    if (auto ok = save_file_atomic(root / file, changed, {.backups = 0, .confined_to = root}); !ok)
        return ok.error();
    return count;
}

} // namespace

MoveAssetCommand::MoveAssetCommand(std::string label, fs::path root, std::string from,
                                   std::string to, std::vector<std::string> files,
                                   bool follow_references, Changed changed)
    : m_label(std::move(label)), m_root(std::move(root)), m_from(std::move(from)),
      m_to(std::move(to)), m_files(std::move(files)), m_follow(follow_references),
      m_changed(std::move(changed)) {}

Result<void> MoveAssetCommand::move(World& world, const std::string& from, const std::string& to) {
    const fs::path source = m_root / from;
    const fs::path target = m_root / to;
    std::error_code ec;
    if (!fs::is_regular_file(source, ec))
        return make_error(ErrorCode::NotFound, from + " is not there any more", from);
    if (fs::exists(target, ec)) return make_error(ErrorCode::Duplicate, to + " exists already", to);
    fs::create_directories(target.parent_path(), ec);
    fs::rename(source, target, ec);
    if (ec)
        return make_error(ErrorCode::Io, "cannot move " + from + " to " + to + ": " + ec.message(),
                          from);
    std::vector<std::string> written;
    if (m_follow) {
        for (const std::string& file : m_files) {
            auto done = rewrite(m_root, file, from, to);
            if (!done) {
                // Back as it was: the files written so far, then the file itself.
                for (const std::string& back : written)
                    (void)rewrite(m_root, back, to, from);
                fs::rename(target, source, ec);
                return done.error();
            }
            if (*done > 0) written.push_back(file);
        }
        follow_in_world(world, from, to);
    }
    if (m_changed) m_changed(written);
    return {};
}

bool MoveAssetCommand::apply(World& world) {
    if (auto ok = move(world, m_from, m_to); !ok) return fail(ok.error());
    return true;
}

void MoveAssetCommand::revert(World& world) {
    if (auto ok = move(world, m_to, m_from); !ok)
        log_error("undo could not move " + m_to + " back: " + ok.error().describe());
}

std::size_t MoveAssetCommand::bytes() const {
    std::size_t n = sizeof(*this) + m_label.capacity() + m_from.capacity() + m_to.capacity();
    for (const std::string& f : m_files)
        n += f.capacity() + sizeof(f);
    return n;
}

} // namespace diorama::editor
