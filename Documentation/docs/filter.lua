-- filter.lua — the pandoc filter of the docs build (Documentation/docs/docs-build.sh).
--
-- Metadata it reads (set by docs-build.sh with -M):
--   docs-page   the page's path in the docs tree, e.g. Documentation/walkthrough/01-x.html
--   docs-root   the relative path from the page to the top of the tree ("./" or "../../")
--   docs-rst    set for reStructuredText sources
-- Environment: DOCS_FILES, a file to which the relative targets of links and
-- images that are not pages are appended, one a line, as paths from the top
-- of the tree (docs-build.sh copies them from the repository).
--
-- What it does:
--   * a relative link to X.md or X.rst (with or without #anchor) becomes a
--     link to X.html; a link starting with / is taken from the top of the
--     repository, as on GitHub;
--   * a paragraph that is nothing but a link to a .cast file becomes an
--     asciinema player (a div.cast that _static/cast-player.js fills), the
--     link staying below it; a raw HTML <div class="cast"> is refused (a
--     warning): on GitHub it shows nothing;
--   * sets pagetitle from the first heading when it is not set, and
--     docs-has-cast when the page has a player;
--   * in reStructuredText: kernel roles (:ref:, :doc:, :manpage:, :c:func:...)
--     become text, or a link for a :ref: to a label of the same page, and a
--     heading whose id is an explicit label also gets the id GitHub-style
--     auto identifiers would give it.

local stringify = pandoc.utils.stringify
local page, root, rst = "", "", false
local ids = {}
local has_cast = false
local first_heading = nil

local function dirname(p) return p:match("^(.*)/[^/]*$") or "" end

-- normalize("a/b/../c") == "a/c"; nil when the path leaves the tree.
local function normalize(p)
  local parts = {}
  for seg in p:gmatch("[^/]+") do
    if seg == ".." then
      if #parts == 0 then return nil end
      table.remove(parts)
    elseif seg ~= "." then
      table.insert(parts, seg)
    end
  end
  return table.concat(parts, "/")
end

local function unescape(s)
  return (s:gsub("%%(%x%x)", function(h) return string.char(tonumber(h, 16)) end))
end

local function record(path)
  local f = os.getenv("DOCS_FILES")
  local p = normalize(dirname(page) .. "/" .. unescape(path))
  if not f or not p or p == "" then return end
  local out = io.open(f, "a")
  out:write(p, "\n")
  out:close()
end

-- A link's target split as (path, "#fragment" or ""), or nil if it is not a
-- relative link (a URL with a scheme, or a link within the page).
local function relative(target)
  if target:match("^[%a][%w+.-]*:") or target:sub(1, 1) == "#" or target == "" then
    return nil
  end
  local path, frag = target:match("^([^#]*)(.*)$")
  if path:sub(1, 1) == "/" then path = root .. path:sub(2) end
  return path, frag
end

local function rewrite(target)
  local path, frag = relative(target)
  if not path then return target end
  local base = path:match("^(.*)%.md$") or path:match("^(.*)%.rst$")
  if base then return base .. ".html" .. frag end
  record(path)
  return path .. frag
end

local function is_cast(target)
  local path = relative(target)
  return path and path:match("%.cast$")
end

-- GitHub's heading ids: lower case, punctuation dropped, spaces as hyphens.
local function gfm_id(text)
  return (text:lower():gsub("[^%w%s_%-]", ""):gsub("%s", "-"))
end

local function role_text(code)
  local text = code.text
  local label_text, label = text:match("^(.-)%s*<([^>]+)>$")
  local role = code.attributes.role or ""
  if role == "ref" then
    local id = label or text
    local shown = (label_text and label_text ~= "") and label_text or text
    if ids[id] then return pandoc.Link(shown, "#" .. id) end
    return pandoc.Emph(shown)
  elseif role == "manpage" then
    return pandoc.Strong(text)
  end
  if label_text and label_text ~= "" then text = label_text end
  return pandoc.Code(text)
end

return {
  {
    Meta = function(meta)
      page = meta["docs-page"] and stringify(meta["docs-page"]) or ""
      root = meta["docs-root"] and stringify(meta["docs-root"]) or ""
      rst = meta["docs-rst"] ~= nil
    end,
    Header = function(h)
      ids[h.identifier] = true
      if not first_heading then first_heading = stringify(h.content) end
    end,
    -- pandoc reads :c:func:`x` as the text ":c" then the role func: drop ":c".
    Inlines = function(inlines)
      for i = 1, #inlines - 1 do
        local s, c = inlines[i], inlines[i + 1]
        if s.t == "Str" and c.t == "Code" and c.classes:includes("interpreted-text") then
          s.text = s.text:gsub(":%a+$", "")
        end
      end
      return inlines
    end,
  },
  {
    Header = function(h)
      if not rst then return nil end
      local alias = gfm_id(stringify(h.content))
      if alias ~= h.identifier and not ids[alias] then
        ids[alias] = true
        table.insert(h.content, 1, pandoc.Span({}, pandoc.Attr(alias)))
        return h
      end
    end,
    Code = function(c)
      if c.classes:includes("interpreted-text") then return role_text(c) end
    end,
    Link = function(l)
      l.target = rewrite(l.target)
      return l
    end,
    Image = function(i)
      i.src = rewrite(i.src)
      return i
    end,
    RawBlock = function(r)
      if r.format == "html" and r.text:match('class="cast"') then
        io.stderr:write("[WARNING] ", PANDOC_STATE.input_files[1] or "", ": ", (r.text:gsub("%s+$", "")),
          ": a cast is embedded by a paragraph that is only a link to it, e.g.",
          " [▶ demo-1: what it shows](../../demos/casts/demo-1.cast)\n")
      end
    end,
    Para = function(p)
      local c = p.content
      if #c ~= 1 or c[1].t ~= "Link" or not is_cast(c[1].target) then return nil end
      has_cast = true
      local src = c[1].target
      return pandoc.Div({
        pandoc.RawBlock("html", '<script src="' .. src .. '.js"></script>'),
        p,
      }, pandoc.Attr("", { "cast" }, { ["data-src"] = src }))
    end,
  },
  {
    Meta = function(meta)
      if not meta.pagetitle and not meta.title then
        meta.pagetitle = first_heading or page:gsub("^.*/", ""):gsub("%.html$", "")
      end
      if has_cast then meta["docs-has-cast"] = true end
      return meta
    end,
  },
}
